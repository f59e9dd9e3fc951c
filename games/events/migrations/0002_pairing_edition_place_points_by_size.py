"""The Dutch edition stored per event (events stored before keep the 2025 edition, py4swiss,
which paired them so far; new events get the one in force), and place points by table size
(an event's one list becomes its first entries for each size, as it was read)."""

from django.db import migrations, models


def points_by_size(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    for event in Event.objects.all().only("pk", "place_points"):
        points = event.place_points
        if isinstance(points, list):
            event.place_points = {str(n): points[:n] for n in (2, 3, 4)} if points else {}
            event.save(update_fields=["place_points"])


def points_as_one_list(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    for event in Event.objects.all().only("pk", "place_points"):
        points = event.place_points
        if isinstance(points, dict):
            event.place_points = list(points.get("4") or points.get(4) or [])
            event.save(update_fields=["place_points"])


class Migration(migrations.Migration):
    dependencies = [("events", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="event",
            name="pairing_edition",
            field=models.CharField(
                choices=[("dutch-2026", "FIDE Dutch system, C.04.3 in force from 1 February 2026"),
                         ("dutch-2025", "FIDE Dutch system, C.04.3 in force until 31 January 2026")],
                default="dutch-2025", max_length=20, verbose_name="pairing rules"),
        ),
        migrations.AlterField(
            model_name="event",
            name="pairing_edition",
            field=models.CharField(
                choices=[("dutch-2026", "FIDE Dutch system, C.04.3 in force from 1 February 2026"),
                         ("dutch-2025", "FIDE Dutch system, C.04.3 in force until 31 January 2026")],
                default="dutch-2026", max_length=20, verbose_name="pairing rules"),
        ),
        migrations.AlterField(
            model_name="event",
            name="place_points",
            field=models.JSONField(
                blank=True, default=dict,
                help_text="Points for 1st, 2nd, … at a table of each size, e.g. 6 4 2 0 at four, 6 3 0 at three.",
                verbose_name="place points"),
        ),
        migrations.RunPython(points_by_size, points_as_one_list),
    ]
