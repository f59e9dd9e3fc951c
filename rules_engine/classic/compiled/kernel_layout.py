"""The compiled playout's position (issue #40): one flat ``int64`` numpy array, laid out by the
offsets below (`fastplay.to_array` fills it from a `ClassicState`). Plain module constants, so
the jitted functions of `kernel_rules`, `kernel_policy` and `kernel_score` read them as
compile-time constants.

Card ids are indices into `state.CARD_IDS` (the C7 table's order); sites into
`components.SITES`; players are seat indices; an empty slot or place is -1.
"""

from __future__ import annotations

from rules_engine.classic.sitedata import PYRAMID_BONUSES, TEMPLE_BONUSES

# Scalars.
N = 0  # players
ROUND = 1  # 0-based; 6 once over
TO_MOVE = 2
FIRST = 3
PASSES = 4
PLY = 5
OVER = 6
NSAILED = 7
NDECK = 8
NDISCARD = 9
MARKET_B = 10  # 1 when the market is side B (C6.1)
BURIAL_B = 11  # C6.4
OBEL_B = 12  # C6.5
NPYR = 13  # stones on the pyramids (side A, C5.2)
NTEMPLE = 14
NBURIAL = 15
NTOWERS = 16  # towers built on Obelisks B (C6.5)
NMARKET = 17  # face-up cards left
NPAIR = 18  # Market B pair cards left (0 once taken)
NCARDS = 19  # round cards known (the rest are re-dealt, C2.1)
NTOWER_VALUES = 20
WRATH = 21  # Pharaoh's wrath (C9) is played
TEMPLE_B = 22  # C6.3
TCHOICES = 23  # the Temple B choices of the move being played (`M_TEMPLE`'s code), -1 none
# Arrays.
CAPS = 24  # 4 ship capacities of the round
SLOTS = 28  # 16: ship s slot k at SLOTS + s*4 + k, owner or -1
SAILED = 44  # 4: site or -1
CARDS = 48  # 6 round cards x 4 capacities
DECK = 72  # 12 counts per card id
DISCARD = 84  # 12
MARKET = 96  # 4 face-up card ids (the first NMARKET in use)
PAIR = 100  # 2
TTOP = 102  # 5: the top stone of each temple space (C5.3), -1 when empty
QUARRY = 108  # 4 per player
SLED = 112
TRACK = 116
PURPLE = 120
REACHED = 124  # bits per site index (C9)
OBEL = 128  # obelisk height (A) or loose stones (B)
GREEN = 132  # 4 players x 4 decoration sites (pyramids, temple, burial, obelisks): counts
BLUE = 148  # 4 players x 4 blue cards (lever, hammer, sail, chisel): counts
TOWER_VALUES = 164  # 8: Obelisks B tower values, highest first
BURIAL_POINTS = 172  # 4: Burial chamber B ranking points for this player count
BURIAL = 176  # 120 burial stones in delivery order (C5.4: column by column, 3 rows)
TEMPLE_BONUS = 296  # 5: Temple B bonus per space (TB_* codes)
PYR_B = 304  # 1 when the pyramids are side B (C6.2)
PYRB_OVERFLOW = 305  # the points of a stone beside the complete pyramids
PYRB_LEN = 306  # 3: spaces per pyramid
PYRB_N = 309  # 3: stones on each pyramid (NPYR counts those beside them)
PYRB_VALUE = 312  # 3 x MAX_PYRB_SPACES: each space's value, in filling order
PYRB_BONUS = 360  # 3 x MAX_PYRB_SPACES: each space's bonus (PB_* codes)
NDRAWN = 408  # market cards turned up so far (`ClassicState` ``ndrawn``)
# What the counts above do not keep: the order stones and cards arrive in, which a `ClassicState`
# holds (its pyramids, temple, towers, blue and green lists). Each arrival appends one entry,
# ``kind << 16 | player << 8 | value``, while LOG_LEN last; LOGN counts them all, so an overflow
# shows (the test helpers rebuild a kernel playout's positions from the log).
LOGN = 409
LOG = 410
LOG_LEN = 256
SIZE = LOG + LOG_LEN
L_PYR = 1  # a stone on the pyramids (side A), or beside the complete pyramids (B)
L_PYRB = 2  # value: which of the three Pyramids B (0-2)
L_TEMPLE = 3
L_TOWER = 4  # an Obelisks B tower built (C6.5)
L_BLUE = 5  # value: the blue card (LEVER..CHISEL) kept
L_SPEND = 6  # value: the blue card played (C4.4)
L_GREEN = 7  # value: the green card (DECORATION_FIRST..DECORATION_LAST) kept

MAX_PYRB_SPACES = 16
# C6.2: a Pyramids B space's bonus, 0 none, else 1 + its index in `sitedata.PYRAMID_BONUSES`.
PB_NONE = 0
PB_CARD, PB_STONES, PB_PLACE = (1 + PYRAMID_BONUSES.index(b) for b in ("card", "stones", "place"))

# The choices of a move on Pyramids B (C6.2), kept in one int64 array ``cx`` of CX_SIZE: each
# move's leaf is drawn uniformly among all leaves, found by replaying the move on copies of the
# position with a script of choices (as `legal.search`), the market cards turned up from one
# tape of random numbers shared by every copy (as `legal.search` shares the generator's state).
CX_ON = 0  # 1: choices go through the script (Pyramids B)
CX_DEPTH = 1  # choices met so far in this run
CX_NSCRIPT = 2  # script entries set
CX_TAPEPOS = 3  # the next tape entry a draw uses
CX_NTAPE = 4  # tape entries drawn
CX_MAX = 64  # choices per move, tape entries per move
CX_SCRIPT = 8  # CX_MAX option indices
CX_OPTS = CX_SCRIPT + CX_MAX  # how many options each choice had
CX_KIND = CX_OPTS + CX_MAX  # each choice's kind (CH_*)
CX_VALUE = CX_KIND + CX_MAX  # each choice's value as reported
CX_TAPE = CX_VALUE + CX_MAX  # 53-bit random integers: draw j takes the card at tape[j] * deck / 2**53
CX_BEST = CX_TAPE + CX_MAX  # the script of the leaf drawn
CX_WORK = CX_BEST + CX_MAX  # SIZE: the copy a branch is played on
CX_NODRAWS = CX_WORK + SIZE  # 1: a draws log that logs nothing
# Given choices (a recorded move's, as the retired compiled replay gave them; the kernel still
# reads them): the choices a recorded move gives (per CH_* kind a count, a
# cursor and the values, as the move's lists hold them) instead of the script, and the market
# cards from the record's list (the ``draws`` array: its count, then the card ids).
CX_GIVEN = CX_NODRAWS + 1  # 1: choices and draws are the record's
CX_ERR = CX_GIVEN + 1  # bits: ERR_REFUSED a given choice or draw the position does not allow,
# ERR_SHORT a draw beyond the record's list (a seeded game deals it, `deck.dealt_index`)
ERR_REFUSED, ERR_SHORT = 1, 2
CX_GMAX = 16  # choices of one kind per move
CX_GN = CX_ERR + 1  # 4 counts
CX_GPOS = CX_GN + 4  # 4 cursors
CX_GVAL = CX_GPOS + 4  # 4 x CX_GMAX values: take code, pyramid 1-3, ship*4+slot or -1, 0/1 stones
CX_SIZE = CX_GVAL + 4 * CX_GMAX
CH_TAKE, CH_PYRAMID, CH_BONUS_PLACE, CH_TEMPLE = 0, 1, 2, 3  # as `choosers.CHOICE_KINDS`

# C6.3: a Temple B space's bonus, its index in `sitedata.TEMPLE_BONUSES`.
TB_POINT_OR_STONES, TB_TWO_POINTS, TB_CARD = (
    TEMPLE_BONUSES.index(b) for b in ("point-or-stones", "two-points", "card")
)

MAX_TOWERS = 8
MAX_BURIAL = 120

# Card ids (state.CARD_IDS order) and their colours.
ENTRANCE, SARCOPHAGUS, PAVED_PATH = 0, 1, 2  # red (C7)
DECORATION_FIRST, DECORATION_LAST = 3, 6  # green: pyramids, temple, burial chamber, obelisks
STATUE = 7  # purple
LEVER, HAMMER, SAIL_CARD, CHISEL = 8, 9, 10, 11  # blue
NCARD_KINDS = 12
PAIR_TAKE = 100  # a reported market pick from the pair: PAIR_TAKE + card id

# Sites (components.SITES order).
S_MARKET, S_PYRAMIDS, S_TEMPLE, S_BURIAL, S_OBELISKS = 0, 1, 2, 3, 4

# Move kinds, as `legal` numbers them.
K_GET, K_PLACE, K_SAIL, K_LEVER, K_HAMMER, K_SAILC, K_CHISEL, K_PASS = range(8)

# A reported move: one row of MOVE_WIDTH ints.
M_KIND, M_SHIP, M_SLOT, M_SITE, M_SHIP2, M_SLOT2 = 0, 1, 2, 3, 4, 5
M_ORDER = 6  # 4: the lever's unload order (slots), -1 padded
M_NTAKES = 10
M_TAKES = 11  # 4 market picks: card id, PAIR_TAKE + card id, or -1 (nothing left)
M_TEMPLE = 15  # Temple B "1 point or 2 stones" choices (C6.3): count + 8 * (a bit per choice, 1 stones), or -1
M_NCHOICES = 16  # Pyramids B: the move's choices in the order they arose, or -1
M_CHOICES = 17  # M_MAX_CHOICES pairs (CH_* kind, value): take code, pyramid 1-3, ship*4+slot or -1, 0/1 stones
M_MAX_CHOICES = 24
MOVE_WIDTH = M_CHOICES + 2 * M_MAX_CHOICES
