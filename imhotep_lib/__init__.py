"""The bottom package: what both apps (``games``, ``scoring``) and the site use, below them all
(as healthchecks keeps ``hc/lib``). It imports Django, DRF and the rules engine's messages, never
an app or the site (the layers contract in pyproject.toml):

- ``limits``: request limits (body sizes, records per import, moves per record) and their 413/429
  answers (docs/security.md);
- ``slots``: concurrency limits across every worker, as slots in the shared cache;
- ``throttles``: the API's rate limits (DRF throttles counted in a sliding window);
- ``translation``: engine messages in the reader's language (docs/i18n.md);
- ``nesting``: the nesting limit of every JSON entry point (docs/security.md);
- ``partials``: the htmx idiom "the piece htmx asks for, the whole page on a history restore".
"""
