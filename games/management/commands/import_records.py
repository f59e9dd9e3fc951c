import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from games.models import Game
from games.services import ratings
from games.services.documents import decode_upload, parse_documents
from games.services.recording import Outcome, import_many


class Command(BaseCommand):
    help = (
        "Import game records (formats.md F2/F4) from a JSON file (one record or a list) or ndjson. Each "
        "record is replayed; one with an illegal move is rejected with its move index and reason and stores "
        "nothing; a record already stored is skipped, so running it again after an interruption stores only "
        "what is missing. Each game is stored with a mark that its ratings are out of date; the ratings are "
        "brought up to date at the start and at the end (a run killed halfway leaves the marks for the next "
        "run or background task). Exits with status 1 if any record was rejected."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="Path of the .json or .ndjson file, or - for standard input.")
        parser.add_argument("--user", help="Username to record as the creator of the imported games.")
        parser.add_argument(
            "--source",
            choices=[Game.Source.IMPORTED, Game.Source.RECORDED],
            default=Game.Source.IMPORTED,
            help="Source stored with the games (default imported).",
        )
        parser.add_argument("--no-progress", action="store_true", help="No progress bar on stderr.")

    def handle(self, *args, file: str, user: str | None, source: str, no_progress: bool, **options):
        creator = None
        if user:
            try:
                creator = get_user_model().objects.get_by_natural_key(user)
            except get_user_model().DoesNotExist:
                raise CommandError(f"--user: there is no user named {user!r}") from None
        ratings.catch_up()  # games an earlier run stored before it was killed
        try:
            raw = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
            documents = parse_documents(decode_upload(raw))
        except OSError as exc:
            raise CommandError(f"cannot read {file}: {exc.strerror}") from None
        except ValueError as exc:
            raise CommandError(f"{file}: {exc}") from None

        bar = tqdm(
            total=len(documents), unit="record", file=sys.stderr, disable=no_progress, desc="Importing"
        )

        def report(outcome: Outcome) -> None:
            with tqdm.external_write_mode(file=sys.stderr):
                style = self.style.ERROR if outcome.status == Outcome.REJECTED else (lambda text: text)
                self.stdout.write(style(outcome.describe()))
            bar.update()

        try:
            outcomes = import_many(documents, user=creator, source=source, on_outcome=report)
        finally:
            bar.close()
        counts = {
            s: sum(o.status == s for o in outcomes)
            for s in (Outcome.IMPORTED, Outcome.DUPLICATE, Outcome.REJECTED)
        }
        summary = (
            f"{len(outcomes)} records: {counts['imported']} imported, {counts['duplicate']} duplicate, "
            f"{counts['rejected']} rejected"
        )
        if counts[Outcome.REJECTED]:
            raise CommandError(summary, returncode=1)
        self.stdout.write(self.style.SUCCESS(summary))
