"""Hand histories: the sheet people write, the log ``play`` writes, both read into one model.

- :mod:`~bragrules.history.model`: :class:`History`, :class:`DealEntry`,
  :class:`ActionEntry` and the claims (:class:`ResultClaim`, :class:`EndClaim`);
- :mod:`~bragrules.history.schema`: the shape of every log line, one typed
  record per kind, shared by the writer and the reader; the keys of a sheet;
- :mod:`~bragrules.history.log`: the log's reader (constant memory) and writers;
- :mod:`~bragrules.history.sheet`: the sheet's reader and writer;
- :mod:`~bragrules.history.source`: a history of either form from a file,
  standard input, a pipe or a FIFO;
- :mod:`~bragrules.history.values`: hands, actions, names, amounts and times,
  as both forms write them;
- :mod:`~bragrules.history.packorder`: following an unshuffled pack.

Import the public names from here::

    from bragrules.history import History, LogWriter, read_history
"""

from .log import LogWriter, log_header, read_log, write_log
from .model import LOG_FORMAT, SHEET_FORMAT, ActionEntry, DealEntry, EndClaim, History, ResultClaim
from .sheet import dump_sheet, parse_sheet, read_sheet, write_sheet
from .source import read_history, sniff_kind
from .values import format_time, parse_hand_value, parse_time

__all__ = [
    "LOG_FORMAT",
    "SHEET_FORMAT",
    "ActionEntry",
    "DealEntry",
    "EndClaim",
    "History",
    "LogWriter",
    "ResultClaim",
    "dump_sheet",
    "format_time",
    "log_header",
    "parse_hand_value",
    "parse_sheet",
    "parse_time",
    "read_history",
    "read_log",
    "read_sheet",
    "sniff_kind",
    "write_log",
    "write_sheet",
]
