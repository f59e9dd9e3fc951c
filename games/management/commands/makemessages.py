"""``makemessages`` that also collects the engine's sentences (docs/i18n.md).

The rules engine cannot import Django, so it marks its sentences with
``rules_engine.messages.msg("…")`` and ``plural("…", "…")``; xgettext learns those two names
here. Everything else is Django's own command; the project's defaults (the catalogue's
folders, what not to scan) are filled in when not given.
"""

from django.core.management.commands import makemessages

# Not ours to translate: virtual environments, the example third-party plugin (it would ship
# its own catalogue), benchmarks and tests, build output.
IGNORED = [".venv", ".venv-test", "examples", "bench", "tests", "build", "staticfiles", "var", "docs"]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=msg", "--keyword=plural:1,2",
                        "--keyword=pmsg:1c,2"]
    # A new sentence starts untranslated rather than as a guess from a similar one.
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*(options.get("ignore_patterns") or []), *IGNORED]
        return super().handle(*args, **options)
