"""The ``hisoutab`` command line (no Jupyter packages are imported here)."""
