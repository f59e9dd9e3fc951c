"""The whole club as one ndjson file, and back (``manage.py export_all`` / ``import_all``).

Unlike the ndjson export of games (`games.services.exporting`), which is interchange documents
meant to be imported into any club, a backup is the club's tables as stored: players with
their ids, games with every column, seats, moves and results, accounts, board-data versions,
events, finished analyses and luck analyses, each player's puzzle queue, finished uploads and
invitations, so a restore into an empty database gives the same club, with the same ids (links
to ``/games/<id>/`` keep working).

Format (``docs/backups.md``, field by field): line 1 is a header (format, version, app and
engine versions, counts), then one line per account, board-data version, player, game, event,
finished analysis, finished luck analysis, player's puzzle queue, finished upload and
invitation (`fileformat.SECTIONS`). Nothing is specific to a game type: seats, moves, boards
and headers are carried as the models hold them. Files of versions 1 (players and games) and 2
(before luck analyses, puzzles, uploads and invitations) still restore. Every installed table
is decided in `tables`: carried, derived (ratings, explorer facts) or not carried (transient,
the deployment's).

Results are carried, and re-checked on restore: every recorded game is replayed and every
score-only board scored through the registry. The backup is the club's truth, so by default
(`KEEP`) a game is restored with its results exactly as exported even when the engine now
derives others or rejects the game (an engine fix since the backup): each difference is a
warning with its line number. `STRICT` refuses such lines instead; `RECOMPUTE` stores what
the engine derives now (a game it rejects keeps the backup's results, warned). Ratings are
not carried: they are a pure function of the results and the order (played_on, id), so the
restore rebuilds them from the results it wrote.

Accounts are carried with their password hashes, roles and languages (the file is written
readable by its owner only); a game's creator and a player's login are carried as usernames
too. Into an empty club an account the database already has by username is kept and linked.
With ``merge`` the backup comes from another club, whose "ana" need not be this club's "ana":
the club's own sections (accounts, board data, events, analyses, puzzles, uploads,
invitations) are skipped, and usernames are linked (or created without a usable password) only
with ``link_users``, else left empty and listed in the summary.

The modules, by what they hold:

- `fileformat`: the file's shape (its sections, header, player and game lines, the result
  fields), the `Tally` of what was written or read, and the header check on restore;
- `tables`: every installed model, carried, derived or not carried;
- `export`: the backup written, line by line, from one consistent snapshot;
- `fields`: readers of a line's fields on restore (types, model checks, a game's seats);
- `results`: what a restore stores as a game's results (`KEEP`, `STRICT`, `RECOMPUTE`) once
  the engine has re-checked them;
- `restore`: the restore itself (`restore`, its `RestoreReport` and `Problem`);
- `row_lines`: the restore of the lines carried as Django's serialised rows.
"""
