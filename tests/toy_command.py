"""A minimal command on the shared base, used to test the framework itself."""

import click

from scholartools.cli.base import RecordIO, st_command
from scholartools.records import RecordError, get_path, set_path


def shout(rec: dict, field: str, fanout: int) -> dict | list[dict]:
    text = get_path(rec, field)
    if text is None:
        raise RecordError("missing_field", f"toy needs field '{field}'", field=field)
    if fanout:
        return [dict(rec, id=f"{rec.get('id')}#{i}", loud=text.upper()) | {"_provenance": {"part": i}}
                for i in range(fanout)]
    out = dict(rec)
    set_path(out, "result.loud", text.upper())
    return out


@st_command("st-toy")
@click.option("--field", default="text", show_default=True, help="Field to shout.")
@click.option("--fanout", type=int, default=0, help="Emit this many records per input record.")
@click.option("--batch", type=int, default=None, help="Use map_batch with this batch size (0: all).")
@click.option("--count", type=int, default=None, help="Emit this many records without reading input.")
def main(io: RecordIO, field: str, fanout: int, batch: int | None, count: int | None) -> None:
    """Shout a field. Test command for the framework."""
    io.provenance["method"] = "upper"
    if count is not None:
        for i in range(count):
            io.write({"id": str(i), "x": "y" * 100})
        return
    if batch is None:
        io.map(lambda rec: shout(rec, field, fanout))
    else:
        def each(recs):
            out = []
            for r in recs:
                try:
                    out.append(shout(r, field, fanout))
                except RecordError as exc:  # per-record failures are returned, not raised
                    out.append(exc)
            return out

        io.map_batch(each, batch_size=batch or None)


if __name__ == "__main__":
    main()
