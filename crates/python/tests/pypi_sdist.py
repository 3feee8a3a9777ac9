"""Source distributions from PyPI that tests run against the drop-in.

None of them is in this repository: on first use pip downloads the pinned
sdist into ``<venv>/<name>-sdist/`` (``<venv>`` is ``sys.prefix``,
.venv-python/ under run-tests), its SHA-256 is checked, and it is unpacked
there; later runs use the unpacked copy.
"""

import hashlib
import os
import subprocess
import sys
import tarfile

# (name, version, SHA-256 of the sdist)
SGFMILL = ("sgfmill", "1.1.1", "1f44fa6b613acfae23cf7f69985a4a911fc06f772f6c63c0bbfc89044d88f41d")
KATAGOANAL = ("katagoanal", "0.4.0", "e43bade78c8f05605077c6bf10b9d8467124c6b8ec34ae7e36b3390367a4582b")


def sdist(name, version, sha256):
    """The unpacked sdist of `name` `version` (its top directory)."""
    cache = os.path.join(sys.prefix, "%s-sdist" % name)
    root = os.path.join(cache, "%s-%s" % (name, version))
    stamp = os.path.join(root, ".unpacked")
    if os.path.isfile(stamp):
        return root
    os.makedirs(cache, exist_ok=True)
    archive = os.path.join(cache, "%s-%s.tar.gz" % (name, version))
    if not os.path.isfile(archive):
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet",
                        "--disable-pip-version-check", "--no-deps",
                        "--no-binary", ":all:", "--dest", cache,
                        "%s==%s" % (name, version)], check=True)
    with open(archive, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    if digest != sha256:
        raise RuntimeError("%s: SHA-256 %s, expected %s" % (archive, digest, sha256))
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(cache, filter="data")
        else:
            tar.extractall(cache)
    open(stamp, "w").close()
    return root
