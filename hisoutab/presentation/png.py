"""SVG to PNG with ``rsvg-convert`` (Debian: librsvg2-bin), for ``render -o state.png``."""

from __future__ import annotations

import shutil
import subprocess

from hisoutab.engine.errors import InputError

TOOL = "rsvg-convert"


def svg_to_png(svg: str, *, zoom: float = 1.5, timeout: float = 60) -> bytes:
    """The PNG bytes of ``svg`` (raises :class:`InputError` when ``rsvg-convert`` is missing or
    fails)."""
    exe = shutil.which(TOOL)
    if exe is None:
        raise InputError(f"cannot write PNG: {TOOL} is not installed (Debian: librsvg2-bin); write "
                         ".svg or .html instead", field="-o")
    try:
        done = subprocess.run([exe, "--zoom", str(zoom), "--format", "png"], input=svg.encode(),
                              capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise InputError(f"{TOOL} took longer than {timeout:.0f} s", field="-o") from None
    if done.returncode != 0 or not done.stdout.startswith(b"\x89PNG"):
        first = done.stderr.decode("utf-8", "replace").strip().splitlines()[:1]
        raise InputError(f"{TOOL} failed ({first[0] if first else done.returncode})", field="-o")
    return done.stdout
