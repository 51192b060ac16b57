"""The name, jokers and ranking of each shipped profile, and the hash of its files.

Written by ``python -m bragrules.shipped``; do not edit (see :mod:`bragrules.shipped`).
"""

from typing import Any, Dict

RECORDS: Dict[str, Dict[str, Any]] = {
    'casual': {
        'chain': ['casual'],
        'sha256': 'f72d3fa8d9868ca2d73ab089c326775aa6bbfe823bc01f35b7431749d515c6c0',
        'name': 'casual',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'crash': {
        'chain': ['standard', 'crash'],
        'sha256': '8ff9e07d2d28b2ffd68823f5e8d54e184d7c2eaf4e3a4bff2dded872e274463a',
        'name': 'crash',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'four-card': {
        'chain': ['casual', 'four-card'],
        'sha256': 'cc6d1bba28cb5dd62e948b171607bf2ff9d78ac68acf3e0f4d443794ce450744',
        'name': 'four-card',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'house': {
        'chain': ['traditional', 'house'],
        'sha256': '263b06e7d2e4d634ec7e17c6e813a9a524ed04c1d4c9325e4d95bd7fc13fba80',
        'name': 'house',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'nine-card': {
        'chain': ['standard', 'nine-card'],
        'sha256': '9bec6a591c163b8362f067c986bbd967fc6ef21ede0c692828b0acec2905dbb6',
        'name': 'nine-card',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'seen-only': {
        'chain': ['traditional', 'seen-only'],
        'sha256': '08b368431c9b26057ff561c7f6d3450af2055f422d1d27d589d4155afd56824d',
        'name': 'seen-only',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'seven-card': {
        'chain': ['standard', 'seven-card'],
        'sha256': '46c5dfdc85bd96202cd9136f3998ff2c946edf67fcada2c6da383aedca50611c',
        'name': 'seven-card',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'standard': {
        'chain': ['standard'],
        'sha256': '49a9b06484d31ba29fbc2ce2671634b4ec2202a902ddac1b160f209ec70dbe69',
        'name': 'standard',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'traditional': {
        'chain': ['traditional'],
        'sha256': '9cef4c33bd5984bace14b00be7459a36052f94637b6adee0fb7fc63d0f7825ce',
        'name': 'traditional',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
}
