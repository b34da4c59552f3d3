"""Apache Spark through pyspark: the engine (``engine.SparkEngine``) and what it is made of."""
