"""Reading and writing files without surprises.

:func:`read_text` reads a regular file of bounded size as UTF-8 (a device, a FIFO, a folder or a
huge file is refused before it is read). :func:`write_file` writes through a temporary file in the
same folder and renames it over the target, so that an interrupted write (a killed process, a full
disk) never leaves a truncated file and never loses the old one, and no temporary file outlives it
(a killed write's is removed by the next write to the folder). It refuses to overwrite an existing
file unless ``force`` is given — or, for the outputs hisoutab may draw again (pictures, graphs,
pages, schemas), unless the file is hisoutab's own as it wrote it: :func:`mark` puts a mark with a
hash of the content at a fixed place of each format (:mod:`hisoutab.engine.filemarks`). It never
creates missing folders. Every problem is one :class:`~hisoutab.engine.errors.InputError` naming
the file.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import re
import socket
import stat
import tempfile
import time
from pathlib import Path

from .errors import InputError
from .filemarks import OwnState, check_mark, marked

MAX_FILE_BYTES = 4 * 1024 * 1024  # scenario and card files are a few kilobytes
#: the phrase of the mark hisoutab leaves in the files it may replace without ``force`` (:func:`mark`)
MARK = b"written by hisoutab"
#: the most an output of hisoutab's own may have; a larger file is never taken for one
MAX_OWN_BYTES = 64 * 1024 * 1024
#: a temporary file of a write that a running writer on another machine may still hold: older than
#: this, it is stale wherever it comes from (see :func:`remove_stale_temporary_files`)
STALE_AFTER_SECONDS = 3600.0


def mark(data: str | bytes, suffix: str) -> str | bytes:
    """``data``, the content of a ``suffix`` file, with hisoutab's mark at the fixed place of its
    format (see :mod:`hisoutab.engine.filemarks`); a format without a mark (``.pdf``, ``.yaml``…) or
    content that is not of the format comes back unchanged. Text stays text, bytes stay bytes."""
    return marked(data, suffix)


def written_by_hisoutab(path: str | Path) -> bool:
    """Whether the file at ``path`` is an output of hisoutab's own, as it wrote it: it parses as the
    format its suffix names, carries the mark at the fixed place and the mark's hash is the hash of
    its content (a file that merely mentions the phrase, or one edited by hand since, is not)."""
    return own_file_state(path) == "own"


def own_file_state(path: str | Path) -> OwnState:
    """``"own"`` (see :func:`written_by_hisoutab`), ``"edited"`` (the mark is there but the content
    changed since hisoutab wrote it) or ``"other"`` (no mark at its place, or not of the format)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_OWN_BYTES + 1)
    except OSError:
        return "other"
    if len(data) > MAX_OWN_BYTES:
        return "other"
    return check_mark(data, Path(path).suffix)


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
    not exist yet unless ``force`` — or, with ``replaceable``, it is an output of hisoutab's own, as
    it wrote it (:func:`written_by_hisoutab`)."""
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
    if force:
        return p
    state = own_file_state(p) if replaceable else "other"
    if state == "edited":
        raise InputError("was written by hisoutab but changed since (by hand?); give --force to replace it",
                         file=name, field=field)
    if state != "own":
        raise InputError("exists already; give --force to replace it", file=name, field=field)
    return p


# --------------------------------------------------------------------------- temporary files
# ``.<name>.hisoutab-<host>-<pid>-<random>.tmp``: the target's name (cut to stay a valid name),
# the machine (8 hex digits of its name's hash) and the process that writes it.
_TEMP = re.compile(r"\..*\.hisoutab-(?P<host>[0-9a-f]{8})-(?P<pid>[0-9]+)-[A-Za-z0-9_]+\.tmp", re.DOTALL)


@functools.cache
def _host() -> str:
    return hashlib.sha256(socket.gethostname().encode("utf-8", "replace")).hexdigest()[:8]


def _temp_prefix(target: Path) -> str:
    return f".{target.name[:120]}.hisoutab-{_host()}-{os.getpid()}-"


def _running(pid: int) -> bool:
    if os.name != "posix":  # elsewhere os.kill(pid, 0) is no question but an end: ask nothing
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True  # another user's process, or a number no process has: keep the file
    return True


def remove_stale_temporary_files(folder: str | Path, *, now: float | None = None) -> list[Path]:
    """Remove the temporary files that writes killed midway left in ``folder`` (a kill -9, a power
    cut; every other exit removes its own), and return them. Only regular files of this user named
    as :func:`write_file` names them count; one is stale when the process that wrote it, on this
    machine, is no longer running, or when it is older than :data:`STALE_AFTER_SECONDS` (a write
    takes seconds at most; this also covers a writer on another machine sharing the folder, whose
    process cannot be looked up, and a process number used again since). Problems are ignored: this
    tidies up and never stops a write."""
    now = time.time() if now is None else now
    uid = os.getuid() if hasattr(os, "getuid") else None  # where files have owners
    removed: list[Path] = []
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in entries if e.name.endswith(".tmp") and ".hisoutab-" in e.name]
    except OSError:
        return removed
    for name in names:
        found = _TEMP.fullmatch(name)
        if found is None:
            continue
        path = Path(folder) / name
        try:
            st = os.lstat(path)
            if not stat.S_ISREG(st.st_mode) or (uid is not None and st.st_uid != uid):
                continue
            pid = int(found.group("pid"))
            dead = found.group("host") == _host() and pid != os.getpid() and not _running(pid)
            if dead or now - st.st_mtime > STALE_AFTER_SECONDS:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def write_file(path: str | Path, data: str | bytes, *, force: bool = False,
               field: str = "-o", replaceable: bool = False) -> Path:
    """Write ``data`` (text as UTF-8) to ``path`` atomically; see the module docstring and
    :func:`check_target` for ``force`` and ``replaceable``. The data goes into a temporary file of
    the same folder, is synced to the disk and renamed over the target; the temporary file is gone
    on every way out (an error, Ctrl-C), and those of killed writes are removed first
    (:func:`remove_stale_temporary_files`)."""
    p = check_target(path, force=force, field=field, replaceable=replaceable)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    folder = p.parent if str(p.parent) else Path(".")
    remove_stale_temporary_files(folder)
    tmp: str | None = None
    try:
        try:
            fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(p), suffix=".tmp", dir=folder)
        except OSError as exc:
            raise InputError(f"cannot write here: {exc.strerror}", file=str(path), field=field) from None
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
        tmp = None
        _sync_folder(folder)
    except OSError as exc:
        raise InputError(f"cannot write the file: {exc.strerror}", file=str(path), field=field) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return p


def _sync_folder(folder: Path) -> None:
    """Make the rename durable (the folder's entry on the disk); where folders cannot be opened,
    skip it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
