"""No engine module imports one that imports it back, not even for its types.

``make lint`` checks the engine's modules and its fast core for cycles (import-linter's
``acyclic_siblings`` contracts in ``pyproject.toml``), but import-linter leaves out the imports made only
for type checking for the whole project. The engine has none left: a module that needs another's type
imports it for real, or reads it through a protocol (``GameFacts``, ``PositionFacts``). This holds it
so, with every import counted.
"""

from __future__ import annotations

import grimp
import pytest


@pytest.mark.parametrize("package", ["firmware_py.engine", "firmware_py.engine.fast"])
def test_no_engine_module_imports_one_that_imports_it_back_even_for_its_types(package: str) -> None:
    graph = grimp.build_graph("firmware_py", exclude_type_checking_imports=False)
    assert graph.nominate_cycle_breakers(package) == set()
