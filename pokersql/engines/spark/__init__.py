"""Apache Spark, through pyspark: the same SQL files, transpiled by sqlglot to Spark SQL.

pyspark is an optional extra (``pip install 'pokersql[spark]'``, Java 17 or later); it is
imported when a SparkEngine is made, and without it ``--engine spark`` fails with one line.
docs/engines.md has the whole list of differences. The modules, by what they do:

- ``engine``: ``SparkEngine``, which runs pokersql's statements (tables, views, writes);
- ``session``: the process's one Spark application and every session's configuration;
- ``storage``: the warehouse directory, its lock and catalog file, and undoing a migration;
- ``held``: a command's inputs and temporary relations, rows held in Python and shown as views;
- ``temporary``: temporary tables (held rows, localCheckpoint) and views, the stored fill's;
- ``reading``: the user's SQL in a session that cannot write, and export;
- ``statements``: pokersql's statements as Spark reads them, and Spark's messages.
- ``expansion``: how many relations a view's expansion reads on Spark, counted from the SQL.
"""
