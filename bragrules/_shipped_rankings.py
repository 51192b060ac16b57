"""The name, jokers and ranking of each shipped profile, and the hash of its files.

Written by ``python -m bragrules.shipped``; do not edit (see :mod:`bragrules.shipped`).
"""

from typing import Any, Dict

RECORDS: Dict[str, Dict[str, Any]] = {
    'casual': {
        'chain': ['casual'],
        'sha256': '501ab021c40a8b986b349060d92534f80bb1ef907c082e044e4abf3f71af3c34',
        'name': 'casual',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'classic': {
        'chain': ['standard', 'classic'],
        'sha256': '665a8da470ff44a04c5bb5cf769029fa00a20d53417ac946f4ce6ee7028d3a71',
        'name': 'classic',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'crash': {
        'chain': ['standard', 'crash'],
        'sha256': '484479d3f9c8d7be35d7a5ef3d708d01debacbabae376e7f0aeb68ba641f12b6',
        'name': 'crash',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'four-card': {
        'chain': ['casual', 'four-card'],
        'sha256': '5434dea36c41d1a695091fb57d1265b5cc90ad3f88d7c98307940ed81df19be3',
        'name': 'four-card',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'house': {
        'chain': ['traditional', 'house'],
        'sha256': '8b1168c46c4dd4b8d90402d91dcb410ac9a822ba90796ec40fde66c91666526a',
        'name': 'house',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'nine-card': {
        'chain': ['standard', 'nine-card'],
        'sha256': 'efaaf01af673b439723e14bbe0f4aec16ffcfd896475117d270b6f6ad41ae519',
        'name': 'nine-card',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'seen-only': {
        'chain': ['traditional', 'seen-only'],
        'sha256': '241e7a474479d630bdd66128b2681dad51936a6c867453326ba195b7e775ac77',
        'name': 'seen-only',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'seven-card': {
        'chain': ['standard', 'seven-card'],
        'sha256': '2beb2a5f32226c268309e84c115b4d522ac008e3554107a0bf548a7bbeaa260b',
        'name': 'seven-card',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'standard': {
        'chain': ['standard'],
        'sha256': 'aea14f040040c810ac604707dbaa91fb092187fc72c76247fafd603d905f5945',
        'name': 'standard',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'stop-the-bus': {
        'chain': ['standard', 'crash', 'stop-the-bus'],
        'sha256': '5c5dd5db28c2bdce84b71383f8e59c77966cfb71a7b04770341c845c31af1170',
        'name': 'stop-the-bus',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
    'traditional': {
        'chain': ['traditional'],
        'sha256': '8b61c13fd3d333721a58d0942fd472c55c40ce1e867e33fda10f96874d45979b',
        'name': 'traditional',
        'jokers': 0,
        'ranking': '{"category_order":["prial","running_flush","run","flush","pair","high_card"],"prial_order":"threes_high","run_order":"a23_high","suits_break_ties":false,"suit_order":["spades","hearts","diamonds","clubs"],"wild":{"cards":[],"ranks":[],"jokers":true,"natural_beats_wild":true}}',
    },
}
