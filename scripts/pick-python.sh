#!/bin/sh
# Print the Python interpreter to build .venv with: the distribution's CPython (/usr/bin/python3)
# when it is 3.11 or newer and can make virtual environments, else `python3` from PATH.
# Why: distributions build CPython with profile-guided and link-time optimization; a default
# source build (pyenv's, for one) has neither, and plays games about a sixth slower
# (docs/engine.md, "Speed"). `make PYTHON=/path/to/python test` chooses another.
for p in /usr/bin/python3 python3; do
  if command -v "$p" >/dev/null 2>&1 &&
     "$p" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "$p"
    exit 0
  fi
done
echo python3
