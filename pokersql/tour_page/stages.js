// The tour's stages, in the article's order. A stage names the database objects whose SQL it
// shows (`objects`: the statements that create and fill them, read from the project's SQL files
// through sql/manifest.json, never copied here), what else it reads (`needs`), how the seed box
// and the stage's own inputs set it up (`setup`), and the query that shows the result.
// `text` is HTML. `carries`: objects that later stages read in place of this stage's, each with
// the SQL that makes it read this stage's objects, applied while the stage's SQL is edited (and
// the object's own SQL from its file again once it is not), so that an edit reaches them.

export const STAGES = [
  {
    id: "deck",
    number: "1",
    title: "The deck",
    objects: ["cards"],
    text: `<p>Everything starts with a table of 52 rows, one per card. Each card has a <code>value</code>
      (2 to 14, the ace high), a suit, and a number, <code>card_id = (value - 2) * 4 + suit</code>, with the
      suits in the order c d h s: 0 is <code>2c</code>, 51 is <code>As</code>.</p>
      <p>The hand evaluators of the later stages never look at a card's name again: they group and sort
      these numbers. <code>rank_code</code> is 5<sup>value - 2</sup>, so that the sum over a hand
      writes, in base 5, how many cards of each value it holds.</p>`,
    query: `select card_id, value, rank_char, suit_char, name, pretty, rank_code
from cards
order by card_id;`,
  },
  {
    id: "deal",
    number: "2",
    title: "Shuffle and deal",
    objects: ["shuffle_and_deal"],
    needs: ["cards", "deal_settings"],
    setup: "deal",
    text: `<p>The one row of <code>deal_settings</code> says what to deal: the seed, the number of players.
      The seed box above writes it. Each card then gets a sort key hashed from (seed, deal, card) with
      integer arithmetic only (the view <code>shuffled_deck</code>), so every engine, this browser included,
      deals the same cards without a random generator of its own.</p>
      <p><code>shuffle_and_deal</code> sorts the deck by those keys and gives the first five cards to
      player 1, the next five to player 2, and so on, as the article dealt.</p>
      <p>The stages after this one read <code>dealt_cards</code>, the same deal computed faster (only the
      dealt cards sorted). Edit the view here, to deal round-robin say, and the page makes
      <code>dealt_cards</code> the dealt rows of your view, then runs again the stages that read it;
      Reset puts the file's <code>dealt_cards</code> back.</p>`,
    carries: {
      dealt_cards: `create or replace view dealt_cards as
select deal_no, deck_position, card_id, player
from shuffle_and_deal
where player is not null;`,
    },
    query: `select
    deal.player,
    string_agg(cards.name, ' ' order by deal.deck_position) as cards,
    string_agg(cards.pretty, ' ' order by deal.deck_position) as pretty
from shuffle_and_deal as deal
inner join cards
    on cards.card_id = deal.card_id
where deal.deal_no = 1
    and deal.player is not null
group by deal.player
order by deal.player;`,
  },
  ...[
    ["1", "dense ranks of the values and of the suits within each hand",
      `<p>From here on the article built its evaluator one view at a time, HandEvaluation1 to 7, each
      adding one column or two to the one before. The first numbers each card's value and suit within its
      hand with <code>dense_rank()</code>: one row per card.</p>`],
    ["2", "how many cards share each card's value, and its suit",
      `<p>Window functions count the cards of the same value (<code>group_size</code>): a pair shows as two
      rows with 2, three of a kind as three rows with 3. The same for the suits: five cards of one suit make a flush.</p>`],
    ["3", "the hand's shape: distinct values and suits, high and low card, the wheel",
      `<p>How many distinct values and suits the hand has, its highest and lowest card. Five distinct values
      spanning four make a straight; A-2-3-4-5, the wheel, is a straight where the ace plays low.</p>`],
    ["4", "group order: the largest group first, higher values first among equals",
      `<p>Each card gets its place in the hand's order: the largest group first (the trips of a full
      house before its pair), the higher value first among groups of the same size. This is the order in
      which two hands of the same kind are compared.</p>`],
    ["5", "one row per hand: the first and second group, flush, straight",
      `<p>The grain changes: one row per hand. The size and value of the largest and the second group,
      whether it is a flush, whether a straight.</p>`],
    ["6", "the kickers: every group's value in group order",
      `<p>The values in group order, <code>kicker_1</code> to <code>kicker_5</code> (0 where the hand has
      fewer groups): two hands of the same category are compared kicker by kicker.</p>`],
    ["7", "hand points 0 to 9, the article's HandPoints",
      `<p>A <code>case</code> expression turns the shape into points: 9 a royal flush, 8 a straight flush,
      down to 0, high card. The order of its branches is the order of the poker hands.</p>`],
  ].map(([n, summary, text]) => ({
    id: `evaluation_${n}`,
    number: `3.${n}`,
    title: `HandEvaluation ${n}`,
    subtitle: summary,
    objects: [`hand_evaluation_${n}`],
    setup: "deal",
    text,
    query: `select *
from hand_evaluation_${n}
where deal_no = 1
order by ${Number(n) <= 4 ? "player, value desc, card_id" : "player"};`,
  })),
  {
    id: "points",
    number: "4",
    title: "Points",
    objects: ["hand_points"],
    setup: "deal",
    text: `<p><code>hand_points</code> puts each hand's points beside their name from
      <code>hand_categories</code>, with the kickers, and a key that says which values the hand holds.
      Who wins is not settled yet: two players can both have one pair.</p>`,
    query: `select deal_no, player, points, category, kicker_1, kicker_2, kicker_3, kicker_4, kicker_5
from hand_points
where deal_no = 1
order by player;`,
  },
  {
    id: "ranking",
    number: "5",
    title: "The ranking, with kickers",
    objects: ["player_ranking", "poker_table"],
    setup: "deal",
    text: `<p><code>rank()</code> over the points and then the kickers, best first: equal hands share a place,
      and split the pot. <code>poker_table</code> is the article's last view: each player's cards in group order,
      the category, the place and the result.</p>
      <p><code>hand_rank</code> is the hand's class among the 7,462 classes of five-card hands
      (1 is a royal flush), the number other evaluators give; the table <code>hand_classes</code>
      evaluated each class once, with the stages above.</p>`,
    query: `select player, card_1, card_2, card_3, card_4, card_5, category, hand_rank, place, result
from poker_table
where deal_no = 1
order by player;`,
  },
  {
    id: "hands",
    number: "6",
    title: "Every hand, and how often it comes",
    objects: ["hands", "five_card_frequencies"],
    needs: ["deal_frequencies"],
    setup: "simulate",
    chart: true,
    text: `<p><code>hands</code> holds all 2,598,960 five-card hands, each evaluated once. Counting them by
      category gives the exact frequencies of combinatorics: 4 royal flushes, 1,302,540 high cards.</p>
      <p>The article closed with an experiment: deal many hands with the shuffle of stage 2 and set their
      counts beside the exact ones. The seed box and the number of deals below choose the deals;
      the chart draws the dealt counts beside the expected ones (a log scale: a royal flush comes once in 649,740 hands).</p>`,
    query: `select
    exact.points,
    exact.category,
    exact.hands as every_hand,
    round(exact.hands * settings.deals / 2598960.0, 2) as expected,
    dealt.hands as dealt
from five_card_frequencies as exact
cross join deal_settings as settings
inner join deal_frequencies as dealt
    on dealt.points = exact.points
order by exact.points desc;`,
  },
  {
    id: "holdem",
    number: "7",
    title: "A Hold'em hand",
    objects: ["hand_class_of", "hand_rank", "hand_category", "best_five"],
    needs: ["shuffle_and_deal"],
    setup: "deal",
    text: `<p>In Texas Hold'em each player has two cards of their own and shares five on the board: the hand
      is the best five of seven. The DuckDB macros <code>hand_rank</code>, <code>hand_category</code> and
      <code>best_five</code> take cards as text, <code>'As Ks Qs Js Ts'</code>, and look the hand up by its
      values and its flush suit in tables built from the same 7,462 classes.</p>
      <p>Below, the seeded deck dealt the Hold'em way: two cards to each player in turn, then the board.</p>`,
    query: `with
    deck as (
        select deal.deck_position, cards.name
        from shuffle_and_deal as deal
        inner join cards
            on cards.card_id = deal.card_id
        where deal.deal_no = 1
    ),
    holes as (
        select
            (deck.deck_position - 1) % settings.players + 1 as player,
            string_agg(deck.name, ' ' order by deck.deck_position) as hole
        from deck
        cross join deal_settings as settings
        where deck.deck_position <= 2 * settings.players
        group by all
    ),
    board as (
        select string_agg(deck.name, ' ' order by deck.deck_position) as board
        from deck
        cross join deal_settings as settings
        where deck.deck_position between 2 * settings.players + 1 and 2 * settings.players + 5
    )
select
    holes.player,
    holes.hole,
    board.board,
    best_five(holes.hole || ' ' || board.board) as best_five,
    hand_category(holes.hole || ' ' || board.board) as category,
    hand_rank(holes.hole || ' ' || board.board) as hand_rank,
    rank() over (order by hand_rank(holes.hole || ' ' || board.board)) as place
from holes
cross join board
order by holes.player;`,
  },
  {
    id: "equity",
    number: "8",
    title: "Exact equity",
    objects: ["equity"],
    setup: "equity",
    text: `<p>Who is ahead before the board comes? Deal every board that can still come, all 1,712,304 of them
      when two hands are known, and count. The views of <code>015_equity_boards.views.sql</code> group the boards
      into classes that play alike, and <code>equity</code> counts the wins, the ties and each player's share
      of the pot (in 2520ths, so that any split is a whole number).</p>
      <p>Aces against kings: poker-eval, the standard C evaluator, counts 1,388,072 wins and 6,538 ties.</p>`,
    query: `select
    player,
    runouts as boards,
    wins,
    ties,
    round(pot_shares / (2520.0 * runouts), 4) as equity
from equity
order by player;`,
  },
];
