"""No import cycles in the project (#53): among the modules of rules_engine, games, scoring,
imhotep_site and imhotep_lib, no two import each other, directly or through others. Counted on
grimp's graph (import-linter's), which sees the imports inside functions too; imports under
``if TYPE_CHECKING:`` are left out (they never run). A cycle found is printed with its modules
and the imports that close it. import-linter has no contract for this, hence a test."""

import grimp
import networkx as nx

PACKAGES = ("rules_engine", "games", "scoring", "imhotep_site", "imhotep_lib")


def import_cycles() -> list[list[str]]:
    """Each strongly connected group of modules (more than one), sorted."""
    graph = grimp.build_graph(*PACKAGES, cache_dir=None, exclude_type_checking_imports=True)
    ours = {m for m in graph.modules if m.split(".")[0] in PACKAGES}
    edges = nx.DiGraph()
    edges.add_nodes_from(ours)
    edges.add_edges_from((m, n) for m in ours for n in graph.find_modules_directly_imported_by(m) & ours)
    return sorted(sorted(group) for group in nx.strongly_connected_components(edges) if len(group) > 1)


def describe(graph_cycles: list[list[str]]) -> str:
    graph = grimp.build_graph(*PACKAGES, cache_dir=None, exclude_type_checking_imports=True)
    out = []
    for group in graph_cycles:
        out.append(f"{len(group)} modules: {', '.join(group)}")
        members = set(group)
        for importer in group:
            for imported in sorted(graph.find_modules_directly_imported_by(importer) & members):
                lines = graph.get_import_details(importer=importer, imported=imported)
                where = ", ".join(f"line {d['line_number']}" for d in lines)
                out.append(f"  {importer} -> {imported} ({where})")
    return "\n".join(out)


def test_the_project_has_no_import_cycles():
    cycles = import_cycles()
    assert not cycles, f"{len(cycles)} import cycle(s):\n{describe(cycles)}"
