"""Run programs written for sgfmill, unchanged, with `sgfmill` bound either
to the real package or to the drop-in:

    python run_as_sgfmill.py sgfmill|kifu RUNS.json RESULTS.json

RUNS.json is a list of runs, each ``{"module": name}`` or ``{"path":
script}`` with ``"args"``, ``"cwd"`` and ``"sys_path"`` (directories put
first on sys.path). Every run executes in this process as ``__main__``
(runpy), so that one interpreter start serves many runs; its exit status,
standard output and standard error (and an exception that escaped it, as
type and message) go to RESULTS.json.

With ``kifu``, ``sgfmill`` and its seven modules in ``sys.modules`` are
kifu.sgfmill's before any program runs, so ``import sgfmill`` and ``from
sgfmill import sgf`` bind the drop-in. At the end the results say which
files the ``sgfmill`` modules came from, and the run fails if a module of
the real sgfmill was imported with the drop-in (or kifu with sgfmill).
"""

import contextlib
import importlib
import importlib.machinery
import io
import json
import os
import runpy
import sys

MODULES = ("ascii_boards", "boards", "common", "sgf", "sgf_grammar", "sgf_moves",
           "sgf_properties")
# sys.path without this file's directory (the tests' helpers are no program's)
BASE_PATH = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]


def bind_dropin():
    for name in MODULES:
        sys.modules["sgfmill." + name] = importlib.import_module("kifu.sgfmill." + name)
    sys.modules["sgfmill"] = importlib.import_module("kifu.sgfmill")


def run(spec, home):
    os.chdir(spec.get("cwd", home))
    sys.path[:] = spec.get("sys_path", []) + BASE_PATH
    sys.argv = [spec.get("path") or spec["module"]] + spec.get("args", [])
    out, err = io.StringIO(), io.StringIO()
    status, escaped = 0, None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            if "path" in spec:
                runpy.run_path(spec["path"], run_name="__main__")
            else:
                runpy.run_module(spec["module"], run_name="__main__", alter_sys=True)
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except Exception as e:  # noqa: BLE001 - reported, as Python would
            status, escaped = 1, "%s: %s" % (type(e).__name__, e)
    return {"args": spec.get("args", []), "status": status, "stdout": out.getvalue(),
            "stderr": err.getvalue(), "escaped": escaped}


def loaded_from(directory):
    return sorted(name for name, module in list(sys.modules.items())
                  if (getattr(module, "__file__", None) or "").startswith(directory + os.sep))


def main(which, runs_path, results_path):
    real = importlib.machinery.PathFinder.find_spec("sgfmill", BASE_PATH)
    real_dir = os.path.dirname(real.origin)
    if which == "kifu":
        bind_dropin()
    home = os.getcwd()
    with open(runs_path) as f:
        results = [run(spec, home) for spec in json.load(f)]
    os.chdir(home)
    wrong = loaded_from(real_dir) if which == "kifu" else [n for n in sys.modules if n.split(".")[0] == "kifu"]
    if wrong:
        raise SystemExit("%s run imported %s" % (which, ", ".join(wrong)))
    with open(results_path, "w") as f:
        json.dump({"sgfmill": getattr(sys.modules.get("sgfmill"), "__file__", None), "runs": results}, f)


if __name__ == "__main__":
    main(*sys.argv[1:])
