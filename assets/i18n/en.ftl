# Rookery's user-facing text in English: the one source for the terminal player (cli) and the
# apps (`rookery i18n` generates Android strings.xml and the iOS String Catalog from it).
#
# Rules for every language file (tests/assets.rs checks them):
# - every message of en.ftl exists in every language, with the same variables;
# - a plural message is one selection on `$count` and nothing else, with exactly the plural
#   categories (CLDR) of its language: English one/other, Slovak one/few/many/other;
# - no terms, no attributes, no message references (the app formats cannot express them).
# The order in which variables first appear in English is their position in the apps
# (%1$s, %2$s, ...).

app-name = Rookery

## The catalogue

group-chess-variants = Chess and variants
group-chess-family = The chess family
group-more-players = More players

game-chess-name = Chess
game-chess-blurb = Classic chess, against a bot or a friend (Chess960 is its own game below).
game-chess960-name = Chess960
game-chess960-blurb = Fischer random chess: the back rank starts in one of 960 setups.
game-antichess-name = Antichess
game-antichess-blurb = Losing chess: give away all your pieces, captures are compulsory.
game-atomic-name = Atomic chess
game-atomic-blurb = Every capture is an explosion that clears the pieces around it.
game-crazyhouse-name = Crazyhouse
game-crazyhouse-blurb = Captured pieces change sides and can be dropped back onto the board.
game-duck-name = Duck chess
game-duck-blurb = After every move you move the duck, which blocks everyone. No check.
game-fog-of-war-name = Fog of War
game-fog-of-war-blurb = You only see where your pieces can move. Capture the king to win.
game-friendly-name = Friendly Chess
game-friendly-blurb = Nothing is captured: pieces unite and set off chain reactions.
game-chaturanga-name = Chaturanga
game-chaturanga-blurb = India’s ancient chess, the root of the family: take the king to win.
game-shatranj-name = Shatranj
game-shatranj-blurb = The medieval ancestor of chess, with a weak ferz and a jumping alfil.
game-makruk-name = Makruk
game-makruk-blurb = Thai chess: a slow, strategic game with a counting rule.
game-ouk-chatrang-name = Ouk Chatrang
game-ouk-chatrang-blurb = Cambodian chess: Makruk with a leap for the king and the met.
game-sittuyin-name = Sittuyin
game-sittuyin-blurb = Burmese chess: set up your pieces, then promote on the diagonals.
game-xiangqi-name = Xiangqi
game-xiangqi-blurb = Chinese chess: a river, palaces and a cannon that jumps to capture.
game-janggi-name = Janggi
game-janggi-blurb = Korean chess: no river, palace diagonals and a cannon that always jumps.
game-shogi-name = Shogi
game-shogi-blurb = Japanese chess: captured pieces return to the board on your side.
game-minishogi-name = Minishogi
game-minishogi-blurb = Shogi on a 5 × 5 board: six pieces a side, short and sharp games.
game-chaturaji-name = Chaturaji
game-chaturaji-blurb = India’s four-handed chess: kings can be captured, captures score.
game-four-seasons-name = Four Seasons Chess
game-four-seasons-blurb = Alfonso X’s chess for four from 1283: four seasons, the last king wins.
game-three-player-name = Three-player chess
game-three-player-blurb = Three armies on a hexagonal board: you against two bots.
game-four-player-name = Four-player chess
game-four-player-blurb = Four armies on a cross-shaped board: in teams or all against all.
game-four-player-ffa-name = Four-player chess: free for all
game-four-player-ffa-blurb = Four armies on a cross-shaped board, all against all.
game-four-player-teams-name = Four-player chess: teams
game-four-player-teams-blurb = Four armies on a cross-shaped board, two against two.
game-eight-player-name = Eight-player chess
game-eight-player-blurb = Eight armies on a board of 516 squares: all against all, in pairs or four against four.
game-eight-player-ffa-name = Eight-player chess: free for all
game-eight-player-ffa-blurb = Eight armies on a board of 516 squares, everyone for themselves.
game-eight-player-pairs-name = Eight-player chess: pairs
game-eight-player-pairs-blurb = Eight armies in four pairs: the players sitting opposite play together.
game-eight-player-teams-name = Eight-player chess: teams
game-eight-player-teams-blurb = Eight armies, four against four.

mode-free-for-all = Free for all
mode-pairs = Pairs
mode-teams = Teams

## Seats and pieces

colour-white = White
colour-black = Black
colour-red = Red
colour-blue = Blue
colour-yellow = Yellow
colour-green = Green
colour-purple = Purple
colour-orange = Orange
colour-grey = Grey

piece-pawn = Pawn
piece-knight = Knight
piece-bishop = Bishop
piece-rook = Rook
piece-queen = Queen
piece-king = King
piece-alfil = Alfil
piece-general = General
piece-boat = Boat
piece-fers = Ferz
piece-bia = Pawn (bia)
piece-khon = Khon
piece-met = Met
piece-elephant = Elephant
piece-chariot = Chariot
piece-horse = Horse
piece-advisor = Advisor
piece-cannon = Cannon
piece-soldier = Soldier
piece-guard = Guard
piece-lance = Lance
piece-silver = Silver general
piece-gold = Gold general
piece-tokin = Tokin
piece-promoted-lance = Promoted lance
piece-promoted-knight = Promoted knight
piece-promoted-silver = Promoted silver
piece-dragon = Dragon
piece-duck = Duck

seat-person = Person
seat-name = Name
seat-bot = Bot, level { $level }
# a bot level with its strength, measured in chess only (core/src/levels.rs)
seat-bot-under = Bot, level { $level } · under { $elo } Elo (chess)
seat-bot-about = Bot, level { $level } · ≈ { $elo } Elo (chess)
seat-person-short = person
seat-bot-short = bot { $level }
seat-number = seat { $seat }

## Results, end reasons and events (the core's Outcome, EndReason, OutReason, Event)

end-checkmate = Checkmate
end-stalemate = Stalemate
end-repetition = Threefold repetition
end-fifty-moves = Fifty-move rule
end-insufficient-material = Insufficient material
end-resignation = Resignation
end-timeout = Time out
end-king-captured = King captured
end-points = Decided on points
end-move-limit = Move limit reached
end-agreement = Ended by the players
end-adjudicated-quiet = Ended: the bots played { $rounds } rounds without a capture
end-adjudicated-long = Ended: the bots played { $rounds } rounds on their own
end-bare-king = Bare king
end-boards-honour = Board's honour count ran out
end-pieces-honour = Pieces' honour count ran out
end-bikjang = Bikjang: the generals faced each other
end-double-pass = Both players passed
end-impasse = Impasse declared (27-point rule)
end-perpetual-check = Perpetual check
end-perpetual-chase = Perpetual chase
end-sennichite = Sennichite (fourfold repetition)
end-pawn-drop-mate = Mate by a dropped pawn

out-checkmate = checkmate
out-stalemate = stalemate
out-resignation = resignation
out-timeout = time out
out-king-captured = king captured

result-draw = Draw
result-wins-one = { $player } wins
result-wins-many = { $players } win
result-line = { $result } · { $reason }
result-no-result = { $reason } · no result
result-unfinished = Not finished
list-and = { $first } and { $last }

# Why points were scored (the core's Event::Scored.why, one message per reason)
score-capture = capture
score-king-captured = king captured
score-dead-piece-captured = dead piece captured
score-double-check = double check
score-triple-check = triple check
score-checkmate = checkmate
score-stalemate = stalemate
score-stalemated-themselves = stalemated themselves
score-resignation = resignation
score-draw = draw
score-kings-left = kings left
score-walking-kings-left = walking kings left
score-left-behind = left behind
score-winner = winner
score-third = third
score-second-out = second out

event-resigns = { $player } resigns
event-timeout = { $player } ran out of time
event-chosen = Chosen: { $choice }
event-move = { $player }: { $move }
event-scored = { $player } { $points } ({ $why })
event-out = { $player } is out ({ $reason })
event-walked = { $player }’s king walks { $move }

points =
    { $count ->
        [one] { $count } point
       *[other] { $count } points
    }
players =
    { $count ->
        [one] { $count } player
       *[other] { $count } players
    }
moves =
    { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }
seconds =
    { $count ->
        [one] { $count } second
       *[other] { $count } seconds
    }

## Errors (the core's Error, the bindings' RookeryError)

error-unknown-game = There is no game “{ $detail }”.
error-bad-fen = This position cannot be read: { $detail }
error-bad-move-text = This is not a move: { $detail }
error-illegal-move = This move is not allowed here: { $detail }
error-game-over = The game is over.
error-nothing-to-undo = There is nothing to take back.
error-nothing-to-redo = There is nothing to play forward.
error-bad-seat = No such player here: { $detail }
error-bad-record = This game record cannot be read: { $detail }
error-store = Saved games: { $detail }
error-no-such-save = There is no saved game { $game }.
error-corrupt-save = Saved game { $game } is damaged: { $detail }
error-newer-schema = Saved game { $game } was written by a newer Rookery (format { $found }, this one reads up to { $supported }).
error-rolled-back = Saved game { $game } lost moves it had saved: { $detail }. A copy of the damaged files is kept at { $backup }.
error-store-unavailable = The saved games at { $path } cannot be opened: { $detail }
error-store-locked = The saved games at { $path } are open in another program.
error-bad-input = Bad input: { $detail }
error-not-your-turn = It is not your turn.
error-cancelled = Cancelled.
error-stale-session = This game is no longer open.
error-internal = Something went wrong inside Rookery: { $detail }
error-no-such-game = There is no such saved game: { $detail }
error-damaged-save = This saved game is damaged: { $detail }
error-library-unavailable = The saved games cannot be opened: { $detail }
error-library-locked = The saved games are open in another program: { $detail }

## House rules

house-move-limit = Move limit
house-move-limit-none = None
house-show-legal-moves = Show legal moves
house-rotate-first-seat = Rotate the first player
house-turn-time = Turn time limit
house-turn-time-none = None
house-turn-time-seconds = { $seconds } s
house-start-position = Start position
house-start-random = random
house-start-classical = { $number } (classical)
common-on = On
common-off = Off
setup-mode = Mode
setup-players = Players
setup-house-rules = House rules
setup-another-position = Another position

## Actions and prompts

action-new-game = New game
action-continue = Continue
action-undo = Undo
action-redo = Redo
action-resign = Resign
action-pass = Pass
action-declare-impasse = Declare impasse (win on points)
action-janggi-setup = Horses on { $horse1 } and { $horse2 }, elephants on { $elephant1 } and { $elephant2 }
action-let-bots-finish = Let the bots finish
action-end-game = End the game
action-rules = Rules
action-start-game = ▶ Start the game
action-quit = Quit
action-back = Back
action-settings = Settings
action-hand-to-bot = Hand to a bot
action-take-over = Take over
action-rematch = Rematch
handover-title = Pass the device to { $player }
handover-ready = I am { $player }: show my board
home-no-saved-games = No saved games yet.
action-delete = Delete
action-rename = Rename
action-cancel = Cancel
home-more = More actions for this game
home-finished = Finished
home-games = Games
prompt-delete-game = Delete the game “{ $game }”? This cannot be undone.
prompt-delete-yes = Yes, delete it
prompt-delete-no = No, keep it
prompt-rename-game = A new name for the game
prompt-rename-yes = Save the name
home-share-refused = This game hides the players’ pieces from each other: it can be shared once it is over.
settings-sound = Sounds of moves, captures and checks
settings-haptics = Vibration on moves
settings-language = Language
settings-language-name = English
settings-orientation = Board orientation
orientation-face-to-move = Face the player to move
orientation-fixed = Fixed
orientation-table = Table: every army faces its player

prompt-no-person-playing = No person at the board is still playing.
prompt-promote-to = Promote to
prompt-which-move = Which move?
prompt-other-moves = Other moves
prompt-action-janggi-setup = Choose your set-up
prompt-esc-again = The game is saved: Esc again goes to the menu.
prompt-castle = Castle
prompt-move = Move { $move }
prompt-mate-what-now = Checkmate! What now?
prompt-resign-for = Resign for { $player }?
prompt-resign-yes = Yes, { $player } resigns
prompt-resign-no = No, play on
prompt-hand-to-bot = Hand { $player } to a bot?
prompt-hand-to-bot-yes = Yes, a bot plays { $player }
prompt-leave = Leave this game? It is not saved.
prompt-leave-yes = Back to the menu (the game is lost)
prompt-leave-no = Stay
prompt-quit-unsaved = Quit Rookery? This game is not saved.
prompt-quit-yes = Quit (the game is lost)
prompt-quit-no = Keep playing

choice-end = End the game
choice-grey = Play on: the mated army stays as grey obstacles
choice-give = Play on: the mated army goes to { $player }

status-to-move = { $player } to move
status-check = Check
status-out = Out
status-score = { $points } points
status-ply = ply { $ply }
status-start-number = start { $number }
status-partners = Partners: { $teams }
status-bot-pace = Bots: { $pace } · + faster · - slower · p pause
pace-slow = slow
pace-normal = normal pace
pace-fast = fast
pace-fastest = as fast as they think
pace-paused = paused
status-saved = saved after every move
status-count-board = Board's honour: { $player } counts { $count } of { $limit }
status-count-pieces = Pieces' honour: { $player } counts { $count } of { $limit }
status-thinking = thinking…
status-waiting = (waiting)
status-input-over = Game over: ←/→ review · Ctrl-N new game · Esc menu
status-timer = ⏱ { $seconds } s
status-choose = Checkmate: choose how to go on
status-over-keys = Ctrl-N plays again · Esc menu · Ctrl-Z takes back
status-captured = Captured
status-in-hand = In hand
status-no-other-moves = There is no other move now.
status-moves = Moves
status-move-input = Move:
status-game-over = The game is over: Ctrl-N plays again, Esc goes to the menu
status-choice-pending = A choice is pending
hand-over-title = Pass the device to { $player }
hand-over-hint = The board stays hidden until { $player } holds the device. { $player }: press Enter to see your pieces.
status-turn-of = It is { $player }’s turn
status-cannot-move = That piece cannot move
status-bot-found-nothing = The bot found nothing to play
status-taken-back = Taken back to ply { $ply }
status-forward = Forward to ply { $ply }
moves-resigns = ({ $player } resigns)
moves-timed-out = ({ $player } timed out)

## Why a move is refused (core: rookery_core::message::illegal)

illegal-game-over = The game is over.
illegal-choice-pending = The players must choose how to go on first.
illegal-no-piece = There is no piece on { $cell }.
illegal-not-your-piece = The piece on { $cell } is not yours.
illegal-own-piece-there = Your own piece stands on { $cell }.
illegal-path-blocked = The way from { $from } to { $to } is blocked.
illegal-cannot-move-there = That piece cannot move to { $cell }.
illegal-king-in-check = Your king would be in check.
illegal-forbidden-by-rules = The rules of this game forbid that move.
illegal-piece-cannot-move = The piece on { $cell } has no move.
illegal-not-your-turn = It is not your turn.
illegal-hand-over = Hand the device to the next player first; they confirm that they hold it.
illegal-drop-not-in-hand = You hold no such piece in hand.
illegal-drop-occupied = { $cell } is taken: a piece is dropped only on an empty cell.
illegal-drop-outside-zone = That piece may not be dropped on { $cell } (outside the cells it may be dropped on).
illegal-drop-nifu = Nifu: you already have an unpromoted pawn on the file of { $cell }.

## Terminal player screens

menu-choose-game = — choose a game
menu-coming = { $game } (coming)
menu-continue-title = Continue a saved game
menu-review-title = Review a finished game
menu-saved-games = Saved games
menu-saved-finished = { $game } · finished
menu-all-saved = All saved games ({ $count })…
menu-saved-keys = Enter: continue or review · n: rename · e: export · d: delete · PgUp/PgDn: page
menu-delete-confirm = Press d again to delete this saved game (any other key keeps it)
menu-deleted = Saved game deleted
menu-rename-prompt = Type a name for this game, Enter saves, Esc cancels
menu-exported = Written to { $path }
menu-export-failed = Could not write { $path }: { $detail }
menu-rules-hint = r or F1: the rules of this game
howto-heading = How to play it here
howto-move = A move: type it and press Enter, in any of these forms: { $example }.
howto-click = Click the piece, then where it goes (Esc clears the selection).
howto-promote = A promotion: add the new piece's letter ({ $example }), or choose it in the list that opens.
howto-promote-plus = A promotion: add { $example } after the move, or choose in the list that opens.
howto-drop = A drop from your hand: the piece's letter, @ and the cell ({ $example }); or click the piece in the hand, then the cell.
howto-place = The game begins by placing pieces: the piece's letter, @ and the cell ({ $example }); or click the piece in the hand, then the cell.
howto-steps = A turn has more than one step: type each and Enter (the second step is a placement like { $example }), or both at once, separated by a comma.
howto-buttons = Moves made without cells (a pass, a set-up choice) are offered as buttons: Ctrl-P opens them.
howto-keys = ←/→ review the moves, Ctrl-Z takes back, F1 shows this page.
menu-esc-hint = q (or Quit at the bottom of the list) leaves Rookery
time-just-now = just now
time-minutes-ago =
    { $count ->
        [one] { $count } minute ago
       *[other] { $count } minutes ago
    }
time-hours-ago =
    { $count ->
        [one] { $count } hour ago
       *[other] { $count } hours ago
    }
time-days-ago =
    { $count ->
        [one] { $count } day ago
       *[other] { $count } days ago
    }
setup-title = { $game }: players and rules
setup-from-position = Starts from the position given: { $position }
notice-no-home = No home directory: games are not saved
notice-not-saved = Games are not saved: { $detail }
error-play-not-saved = Not started, because games would not be saved: { $detail } Close the other Rookery, choose another place with --db DIR, or play without saving with --no-save.
error-no-numbered-starts = { $game } has one start position; --start numbers the starts of Chess960.
error-start-and-fen = Give either --start or --fen, not both.
notice-saved-on-exit = The game is saved: `rookery play` offers to continue it.

help-menu = ↑/↓ choose · Enter or click opens · r rules · saved games: n rename · e export · d delete · PgUp/PgDn · q quit
help-setup = ↑/↓ row · ←/→ change · digits: start number · Enter: edit a name, or Start (also s) · F1 rules · Esc back
help-play-1 = Type a move (e4, e2e4) + Enter · or click a piece, then a target · ←/→ Home/End review · Esc clears, 2× menu · F1 rules
help-play-2 = Ctrl-Z undo · Ctrl-Y redo · Ctrl-R resign · Ctrl-P pass, other moves · Ctrl-F flip · Ctrl-N new game · Ctrl-C quit
help-rules = ↑/↓ PgUp/PgDn scroll · Home top · Esc or q back
screen-too-small = The window is too small for this screen: make it at least { $width }×{ $height } (now { $now-width }×{ $now-height }).
screen-too-small-keys = Esc goes back · Ctrl-C quits

## The game screen (core/src/present): status, phases and their hints

screen-hand-over = Hand the device to { $player }
screen-reviewing = Reviewing: after move { $ply }
screen-thinking = { $player } is thinking…
screen-to-move-check = { $player } to move: check!
screen-notice-reviewing = You are looking at an earlier position: go back to the live game to play.
phase-decide = A player was mated: decide how the game goes on
hint-decide = Choose one of the buttons.
phase-promote = Promotion
hint-promote = Choose the piece the pawn becomes.
phase-choose-move = Several moves end here
hint-choose-move = Choose the move you mean.
phase-place = Place the { $piece }
hint-place = Tap an empty square to put it there.
phase-setup-choose = Set-up: choose your set-up
hint-setup-choose = Choose where your horses and elephants stand.
phase-setup-place = Set-up: place your pieces
hint-setup-place = Tap a piece in your hand, then a square on your side of the board.
phase-chain = Continue the chain
hint-chain = Move the piece that was freed: tap it, then its target.
phase-drop = Drop a piece from your hand
hint-drop = Tap a highlighted square to drop it there; tap the piece again to cancel.

## Rules pages (assets/rules/<language>/<game-id>.md use these headings, in this order)

rules-title = Rules: { $game }
rules-not-playable = This game is not playable yet: the page describes the rules Rookery will implement.
rules-start-position = Start position, drawn by the engine
rules-section-board = The board and turns
rules-section-pieces = How the pieces move
rules-section-special = Special rules
rules-section-points = Points
rules-section-out = Going out
rules-section-check = Check and mate
rules-section-end = The end of the game
rules-section-origin = Where the game comes from

## Game screen and themes (Android)

settings-theme = Theme
theme-system = Like the system
theme-light = Light
theme-dark = Dark
action-more = More
action-review = Review the moves
action-review-live = Back to the game
action-seats = Players
action-table-mode = Table mode: each player's controls face them
review-first = First position
review-back = Previous move
review-forward = Next move
review-live = Latest position
action-share-game = Share the game
