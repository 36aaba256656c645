"""Reading and writing files without surprises.

:func:`read_text` reads a regular file of bounded size as UTF-8 (a device, a FIFO, a folder or a
huge file is refused before it is read). :func:`write_file` writes through a temporary file in the
same folder and renames it over the target, so that an interrupted write (a killed process, a full
disk) never leaves a truncated file and never loses the old one; it refuses to overwrite an
existing file unless ``force`` is given, and never creates missing folders. Every problem is one
:class:`~hisoutab.engine.errors.InputError` naming the file.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .errors import InputError

MAX_FILE_BYTES = 4 * 1024 * 1024  # scenario and card files are a few kilobytes
#: the mark hisoutab leaves in the pictures and graphs it writes (see :func:`written_by_hisoutab`)
MARK = b"written by hisoutab"


def written_by_hisoutab(path: str | Path) -> bool:
    """Whether the file at ``path`` carries :data:`MARK` in its first 4 KB: a picture or graph
    hisoutab wrote, which it may replace without ``force`` (nothing of the user's is lost)."""
    try:
        with open(path, "rb") as fh:
            return MARK in fh.read(4096)
    except OSError:
        return False


def read_text(path: str | Path, *, limit: int = MAX_FILE_BYTES, what: str = "file") -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes."""
    p = Path(path)
    name = str(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise InputError(f"no such {what}", file=name) from None
    except OSError as exc:
        raise InputError(f"cannot read the {what}: {exc.strerror}", file=name) from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(f"is a folder; expected a {what}", file=name)
    if not stat.S_ISREG(st.st_mode):
        raise InputError(f"is not a regular file (a device, a FIFO or a socket); expected a {what}",
                         file=name)
    if st.st_size > limit:
        raise InputError(f"is {st.st_size:,} bytes; a {what} may have at most {limit:,}", file=name)
    try:
        with open(p, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(f"cannot read the {what}: {exc.strerror}", file=name) from None
    if len(data) > limit:
        raise InputError(f"is larger than {limit:,} bytes, the most a {what} may have", file=name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not a UTF-8 text file (byte {exc.start})", file=name) from None


def check_target(path: str | Path, *, force: bool = False, field: str = "-o",
                 replaceable: bool = False) -> Path:
    """``path`` as a place to write: its folder exists, it is not a folder or a device, and it does
    not exist yet unless ``force`` — or, with ``replaceable``, it is a picture or graph hisoutab
    wrote itself (it carries :data:`MARK`)."""
    p = Path(path)
    name = str(path)
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"the folder {str(folder)!r} does not exist (it is not created)", file=name,
                         field=field)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        return p
    except OSError as exc:
        raise InputError(f"cannot write here: {exc.strerror}", file=name, field=field) from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError("is a folder; expected a file name", file=name, field=field)
    if not stat.S_ISREG(st.st_mode):
        raise InputError("is not a regular file; cannot write over it", file=name, field=field)
    if not force and not (replaceable and written_by_hisoutab(p)):
        raise InputError("exists already; give --force to replace it", file=name, field=field)
    return p


def write_file(path: str | Path, data: str | bytes, *, force: bool = False,
               field: str = "-o", replaceable: bool = False) -> Path:
    """Write ``data`` (text as UTF-8) to ``path`` atomically; see the module docstring and
    :func:`check_target` for ``force`` and ``replaceable``."""
    p = check_target(path, force=force, field=field, replaceable=replaceable)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    folder = p.parent if str(p.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise InputError(f"cannot write here: {exc.strerror}", file=str(path), field=field) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        if p.exists():
            os.chmod(tmp, stat.S_IMODE(os.stat(p).st_mode))
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, p)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(f"cannot write the file: {exc.strerror}", file=str(path), field=field) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return p
