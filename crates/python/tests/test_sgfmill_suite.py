"""sgfmill 1.1.1's own test suite, run against the drop-in.

The suite ships in sgfmill's sdist on PyPI (``sgfmill_tests/``); it is not
part of this repository. On first use it is fetched with pip into
``<venv>/sgfmill-sdist/`` (``<venv>`` is ``sys.prefix``, .venv-python/ under
run-tests) and unpacked there. Its modules are imported while ``sgfmill``
and ``sgfmill.<module>`` in ``sys.modules`` are the drop-in's modules, so
that each ``from sgfmill import sgf`` in sgfmill's tests binds
``kifu.sgfmill.sgf``; the real sgfmill (which other tests compare against)
is put back as soon as the suite is built. The suite is built by sgfmill's
own runner (``run_sgfmill_testsuite.make_testsuite``) and each of its test
cases is one pytest test, named by its sgfmill test id, run by unittest
with sgfmill's assertions unchanged.

Tests that the drop-in fails on purpose are in EXPECTED_FAILURES, with the
reason (the same table is in the README's Python section); they are strict
xfails, so one that starts passing must be taken off the list. None is
listed today: all of sgfmill 1.1.1's tests pass.
"""

import sys
import unittest
from collections import defaultdict

import pytest

from pypi_sdist import SGFMILL, sdist

TEST_MODULES = ("common_tests", "board_tests", "sgf_grammar_tests",
                "sgf_properties_tests", "sgf_tests", "sgf_moves_tests")
DROPIN_MODULES = ("ascii_boards", "boards", "common", "sgf", "sgf_grammar",
                  "sgf_moves", "sgf_properties")

# sgfmill test id -> why the drop-in does not pass it.
EXPECTED_FAILURES = {
}


def sgfmill_sdist():
    """The unpacked sdist of sgfmill 1.1.1, fetched once per venv."""
    return sdist(*SGFMILL)


def _is_ours(name):
    return name.split(".")[0] in ("sgfmill", "sgfmill_tests")


def sgfmill_suite():
    """sgfmill's test cases, bound to the drop-in's modules."""
    import kifu.sgfmill
    from kifu.sgfmill import (ascii_boards, boards, common, sgf, sgf_grammar,  # noqa: F401
                              sgf_moves, sgf_properties)

    root = sgfmill_sdist()
    saved = {name: module for name, module in sys.modules.items() if _is_ours(name)}
    for name in saved:
        del sys.modules[name]
    sys.modules["sgfmill"] = kifu.sgfmill
    for name in DROPIN_MODULES:
        sys.modules["sgfmill." + name] = getattr(kifu.sgfmill, name)
    sys.path.insert(0, root)
    try:
        from sgfmill_tests import run_sgfmill_testsuite
        assert tuple(run_sgfmill_testsuite.test_modules) == TEST_MODULES
        suite = run_sgfmill_testsuite.make_testsuite(set(), defaultdict(set))
    finally:
        sys.path.remove(root)
        for name in [name for name in sys.modules if _is_ours(name)]:
            del sys.modules[name]
        sys.modules.update(saved)
    return list(suite)


CASES = sgfmill_suite()


def _param(case):
    reason = EXPECTED_FAILURES.get(case.id())
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(case, id=case.id(), marks=marks)


def test_the_suite_is_all_there():
    ids = [case.id() for case in CASES]
    assert len(ids) == len(set(ids)) == 129   # the count the README gives
    assert {i.split(".")[0] for i in ids} == set(TEST_MODULES)
    assert not set(EXPECTED_FAILURES) - set(ids)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_sgfmill(case):
    result = unittest.TestResult()
    case.run(result)
    problems = result.errors + result.failures
    if problems:
        pytest.fail("\n".join(text for _, text in problems), pytrace=False)
    assert result.testsRun == 1 and not result.skipped
