"""The name, jokers and ranking of each shipped profile, and the hash of its files.

Written by ``python -m bragrules.shipped``; do not edit (see :mod:`bragrules.shipped`).
"""

from typing import Any, Dict

RECORDS: Dict[str, Dict[str, Any]] = {
    'casual': {
        'chain': ['casual'],
        'sha256': '30432491020c9c0e20eba886b823eafab67076ff338d8e6082893d48dafde849',
        'name': 'casual',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'crash': {
        'chain': ['standard', 'crash'],
        'sha256': 'ec432c902193a5c742a2d276b922e626060f509da29bc825f8ea5489fe6029b1',
        'name': 'crash',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'four-card': {
        'chain': ['casual', 'four-card'],
        'sha256': '605efcb08691bbe1072b80378faa5275eead032206fef9e03cac27e8e8a6b656',
        'name': 'four-card',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'house': {
        'chain': ['traditional', 'house'],
        'sha256': '1e64955e1f6809055a90b45f2b9891a42d5b78bbe8d23642a5566aa220e5a10a',
        'name': 'house',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'nine-card': {
        'chain': ['standard', 'nine-card'],
        'sha256': '8fc53cef88fd2daae2819ebb4b0c83c294873fe9e049ac1568a19cc90b9bdc57',
        'name': 'nine-card',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'seen-only': {
        'chain': ['traditional', 'seen-only'],
        'sha256': '5aab0f6c117c90ff307070c885b56cd337a71c79f401a344073bec13c14f229e',
        'name': 'seen-only',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'seven-card': {
        'chain': ['standard', 'seven-card'],
        'sha256': '5c206a559308679a21cd0d18404ffb90ab5125547c9cee9e58cd3a0628f5a5d7',
        'name': 'seven-card',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'standard': {
        'chain': ['standard'],
        'sha256': 'cf46c0e726aad9d842bb98d14aee3bbac544e075473457c5394fcc79279e5193',
        'name': 'standard',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'traditional': {
        'chain': ['traditional'],
        'sha256': 'c1d4232b0d5e3b702972ae12f0950d5b6119cda2a0f05b4d5c070068029d1af1',
        'name': 'traditional',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
}
