/*
  What to deal: the settings the shuffle-and-deal views of 003 read.

  deal_settings: one row. Change it and the views deal again:
      update deal_settings set seed = 42, players = 6;
      select * from shuffle_and_deal;
    seed       = any whole number from 0 to 2^62; the same seed always gives the same deal.
    players    = 1..10 five-card hands dealt from the top of the deck.
    deals      = how many decks to shuffle; 0 deals nothing.
    shuffle    = 'uniform' (the default: every order equally likely) or
                 'riffle' (riffle shuffles of a new deck, the XQuery write-up's way).
    riffles    = 1..31 riffle shuffles ('riffle' only; 7 by default).
    deal_order = 'blocks' (the default: five consecutive cards to each player, as
                 the T-SQL article dealt) or 'round-robin' (one card to each
                 player in turn, as the XQuery game dealt).
    first_deal = the first deal_no (1 by default): deals run first_deal ..
                 first_deal + deals - 1, so a long run can be dealt in slices
                 that give the same deals.

  digits: 0..9, one row each, for counting without a series function (DuckDB's
    range() excludes its end, the generate_series it becomes elsewhere does not).
*/

create table deal_settings (
    seed bigint not null check (seed between 0 and 4611686018427387904),
    players integer not null check (players between 1 and 10),
    deals integer not null check (deals between 0 and 10000000),
    shuffle varchar not null default 'uniform' check (shuffle in ('uniform', 'riffle')),
    riffles integer not null default 7 check (riffles between 1 and 31),
    deal_order varchar not null default 'blocks' check (deal_order in ('blocks', 'round-robin')),
    first_deal bigint not null default 1 check (first_deal between 1 and 10000000)
);

insert into deal_settings (seed, players, deals)
values (2010, 4, 1);

create table digits (
    digit integer primary key
);

insert into digits (digit)
values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
