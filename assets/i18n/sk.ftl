# Používateľské texty Rookery po slovensky. Pravidlá pre súbory jazykov sú v en.ftl.

app-name = Rookery

## Katalóg

group-chess-variants = Šach a varianty
group-chess-family = Šachová rodina
group-more-players = Viac hráčov

game-chess-name = Šach
game-chess-blurb = Klasický šach proti botovi alebo priateľovi (Chess960 je samostatná hra nižšie).
game-chess960-name = Chess960
game-chess960-blurb = Fischerov náhodný šach: prvý rad začína v jednom z 960 rozostavení.
game-antichess-name = Žravý šach
game-antichess-blurb = Vyhráva, kto sa prvý zbaví všetkých figúr; brať je povinné.
game-atomic-name = Atómový šach
game-atomic-blurb = Každé branie je výbuch, ktorý zmetie aj figúry na susedných poliach.
game-crazyhouse-name = Crazyhouse
game-crazyhouse-blurb = Zobraté figúry menia stranu a môžete ich dosadiť späť na šachovnicu.
game-duck-name = Kačací šach
game-duck-blurb = Po každom ťahu presuniete kačicu, ktorá blokuje všetkých. Šach neexistuje.
game-fog-of-war-name = Šach v hmle
game-fog-of-war-blurb = Vidíte len polia, kam môžu ťahať vaše figúry. Vyhráva, kto vezme kráľa.
game-friendly-name = Priateľský šach
game-friendly-blurb = Nič sa neberie: figúry sa spájajú a spúšťajú reťazové reakcie.
game-chaturanga-name = Čaturanga
game-chaturanga-blurb = Starobylý indický šach, koreň celej rodiny: vyhráte vzatím kráľa.
game-shatranj-name = Šatrandž
game-shatranj-blurb = Stredoveký predok šachu so slabým fersom a skákajúcim alfilom.
game-makruk-name = Makruk
game-makruk-blurb = Thajský šach: pomalá strategická hra s pravidlom počítania.
game-ouk-chatrang-name = Ouk Chatrang
game-ouk-chatrang-blurb = Kambodžský šach: makruk, v ktorom kráľ a met môžu raz skočiť.
game-sittuyin-name = Sittuyin
game-sittuyin-blurb = Barmský šach: rozostavte figúry a premieňajte na uhlopriečkach.
game-xiangqi-name = Siang-čchi
game-xiangqi-blurb = Čínsky šach: rieka, paláce a delo, ktoré berie skokom.
game-janggi-name = Čanggi
game-janggi-blurb = Kórejský šach: delo vždy skáče a palác má uhlopriečky.
game-shogi-name = Šógi
game-shogi-blurb = Japonský šach: zajaté figúry vraciate na dosku ako svoje.
game-minishogi-name = Minišógi
game-minishogi-blurb = Šógi na doske 5 × 5: šesť figúr na stranu, krátke a ostré partie.
game-chaturaji-name = Čaturádží
game-chaturaji-blurb = Indický šach pre štyroch: kráľa možno vziať a zajatia sa bodujú.
game-four-seasons-name = Šach ročných období
game-four-seasons-blurb = Šach pre štyroch Alfonza X. z roku 1283: štyri ročné obdobia, vyhrá posledný kráľ.
game-three-player-name = Šach pre troch
game-three-player-blurb = Tri armády na šesťuholníkovej šachovnici: vy proti dvom botom.
game-four-player-name = Šach pre štyroch
game-four-player-blurb = Štyri armády na doske v tvare kríža: dva tímy alebo každý sám za seba.
game-four-player-ffa-name = Šach pre štyroch: každý sám za seba
game-four-player-ffa-blurb = Štyri armády na doske v tvare kríža, všetci proti všetkým.
game-four-player-teams-name = Šach pre štyroch: tímy
game-four-player-teams-blurb = Štyri armády na doske v tvare kríža, dvaja proti dvom.
game-eight-player-name = Šach pre ôsmich
game-eight-player-blurb = Osem armád na šachovnici so 516 poľami: každý proti každému, v dvojiciach alebo štyria proti štyrom.
game-eight-player-ffa-name = Šach pre ôsmich: každý sám za seba
game-eight-player-ffa-blurb = Osem armád na šachovnici so 516 poľami, každý sám za seba.
game-eight-player-pairs-name = Šach pre ôsmich: dvojice
game-eight-player-pairs-blurb = Osem armád v štyroch dvojiciach: hráči sediaci oproti sebe hrajú spolu.
game-eight-player-teams-name = Šach pre ôsmich: tímy
game-eight-player-teams-blurb = Osem armád, štyria proti štyrom.

mode-free-for-all = Každý sám za seba
mode-pairs = Dvojice
mode-teams = Tímy

## Hráči a figúry

colour-white = Biely
colour-black = Čierny
colour-red = Červený
colour-blue = Modrý
colour-yellow = Žltý
colour-green = Zelený
colour-purple = Fialový
colour-orange = Oranžový
colour-grey = Sivý

piece-pawn = Pešiak
piece-knight = Jazdec
piece-bishop = Strelec
piece-rook = Veža
piece-queen = Dáma
piece-king = Kráľ
piece-alfil = Alfil
piece-general = Generál
piece-boat = Loď
piece-fers = Fers
piece-bia = Pešiak (bia)
piece-khon = Khon
piece-met = Met
piece-elephant = Slon
piece-chariot = Voz
piece-horse = Kôň
piece-advisor = Radca
piece-cannon = Delo
piece-soldier = Vojak
piece-guard = Strážca
piece-lance = Kopija
piece-silver = Strieborný generál
piece-gold = Zlatý generál
piece-tokin = Tokin
piece-promoted-lance = Premenená kopija
piece-promoted-knight = Premenený jazdec
piece-promoted-silver = Premenený strieborný generál
piece-dragon = Drak
piece-duck = Kačica

seat-person = Človek
seat-name = Meno
seat-bot = Bot, úroveň { $level }
# a bot level with its strength, measured in chess only (core/src/levels.rs)
seat-bot-under = Bot, úroveň { $level } · pod { $elo } Elo (v šachu)
seat-bot-about = Bot, úroveň { $level } · ≈ { $elo } Elo (v šachu)
seat-person-short = človek
seat-bot-short = bot { $level }
seat-number = miesto { $seat }

## Výsledky, dôvody konca a udalosti

end-checkmate = Mat
end-stalemate = Pat
end-repetition = Trojnásobné opakovanie
end-fifty-moves = Pravidlo päťdesiatich ťahov
end-insufficient-material = Nedostatok materiálu
end-resignation = Vzdanie sa
end-timeout = Uplynul čas
end-king-captured = Kráľ bol vzatý
end-points = Rozhodli body
end-move-limit = Dosiahnutý limit ťahov
end-agreement = Hráči hru ukončili
end-adjudicated-quiet = Koniec: boti odohrali { $rounds } kôl bez brania
end-adjudicated-long = Koniec: boti odohrali { $rounds } kôl sami
end-bare-king = Holý kráľ
end-boards-honour = Počítanie šachovnice sa skončilo
end-pieces-honour = Počítanie figúr sa skončilo
end-bikjang = Bikdžang: generáli stáli proti sebe
end-double-pass = Obaja hráči vynechali ťah
end-impasse = Vyhlásené impasse (pravidlo 27 bodov)
end-perpetual-check = Večný šach
end-perpetual-chase = Večné prenasledovanie
end-sennichite = Sennichite (štvornásobné opakovanie)
end-pawn-drop-mate = Mat položeným pešiakom

out-checkmate = mat
out-stalemate = pat
out-resignation = vzdal sa
out-timeout = uplynul čas
out-king-captured = kráľ bol vzatý

result-draw = Remíza
result-wins-one = Vyhráva { $player }
result-wins-many = Vyhrávajú { $players }
result-line = { $result } · { $reason }
result-no-result = { $reason } · bez výsledku
result-unfinished = Nedohraná
list-and = { $first } a { $last }

score-capture = branie
score-king-captured = vzatie kráľa
score-dead-piece-captured = vzatie mŕtvej figúry
score-double-check = šach dvom kráľom
score-triple-check = šach trom kráľom
score-checkmate = mat
score-stalemate = pat
score-stalemated-themselves = sám sa dostal do patu
score-resignation = vzdanie sa
score-draw = remíza
score-kings-left = zostávajúci králi
score-walking-kings-left = zostávajúci putujúci králi
score-left-behind = zostal v hre
score-winner = víťaz
score-third = tretí
score-second-out = druhý vypadnutý

event-resigns = { $player } sa vzdáva
event-timeout = { $player } prekročil čas
event-chosen = Zvolené: { $choice }
event-move = { $player }: { $move }
event-scored = { $player } { $points } ({ $why })
event-out = { $player } vypadáva ({ $reason })
event-walked = Kráľ hráča { $player } ide { $move }

points =
    { $count ->
        [one] { $count } bod
        [few] { $count } body
        [many] { $count } bodu
       *[other] { $count } bodov
    }
players =
    { $count ->
        [one] { $count } hráč
        [few] { $count } hráči
        [many] { $count } hráča
       *[other] { $count } hráčov
    }
moves =
    { $count ->
        [one] { $count } ťah
        [few] { $count } ťahy
        [many] { $count } ťahu
       *[other] { $count } ťahov
    }
seconds =
    { $count ->
        [one] { $count } sekunda
        [few] { $count } sekundy
        [many] { $count } sekundy
       *[other] { $count } sekúnd
    }

## Chyby

error-unknown-game = Hra „{ $detail }“ neexistuje.
error-bad-fen = Túto pozíciu sa nedá prečítať: { $detail }
error-bad-move-text = Toto nie je ťah: { $detail }
error-illegal-move = Tento ťah tu nie je dovolený: { $detail }
error-game-over = Hra sa skončila.
error-nothing-to-undo = Nie je čo vrátiť.
error-nothing-to-redo = Nie je čo zopakovať.
error-bad-seat = Takýto hráč tu nie je: { $detail }
error-bad-record = Záznam partie sa nedá prečítať: { $detail }
error-store = Uložené hry: { $detail }
error-no-such-save = Uložená hra { $game } neexistuje.
error-corrupt-save = Uložená hra { $game } je poškodená: { $detail }
error-newer-schema = Uloženú hru { $game } zapísala novšia verzia Rookery (formát { $found }, táto číta najviac { $supported }).
error-rolled-back = Uložená hra { $game } prišla o uložené ťahy: { $detail }. Kópia poškodených súborov je v { $backup }.
error-store-unavailable = Uložené hry v { $path } sa nedajú otvoriť: { $detail }
error-store-locked = Uložené hry v { $path } má otvorené iný program.
error-bad-input = Chybný vstup: { $detail }
error-not-your-turn = Nie ste na ťahu.
error-cancelled = Zrušené.
error-stale-session = Táto hra už nie je otvorená.
error-internal = V Rookery sa niečo pokazilo: { $detail }
error-no-such-game = Takáto uložená hra neexistuje: { $detail }
error-damaged-save = Táto uložená hra je poškodená: { $detail }
error-library-unavailable = Uložené hry sa nedajú otvoriť: { $detail }
error-library-locked = Uložené hry má otvorené iný program: { $detail }

## Prečo ťah nie je dovolený (jadro: rookery_core::message::illegal)

illegal-game-over = Hra sa skončila.
illegal-choice-pending = Hráči musia najprv rozhodnúť, ako sa bude pokračovať.
illegal-no-piece = Na { $cell } nie je žiadna figúrka.
illegal-not-your-piece = Figúrka na { $cell } nie je vaša.
illegal-own-piece-there = Na { $cell } stojí vaša vlastná figúrka.
illegal-path-blocked = Cesta z { $from } na { $to } je zatarasená.
illegal-cannot-move-there = Táto figúrka nemôže ísť na { $cell }.
illegal-king-in-check = Váš kráľ by bol v šachu.
illegal-forbidden-by-rules = Pravidlá tejto hry tento ťah nedovoľujú.
illegal-piece-cannot-move = Figúrka na { $cell } nemá žiadny ťah.
illegal-not-your-turn = Nie ste na ťahu.
illegal-hand-over = Najprv podajte zariadenie ďalšiemu hráčovi; ten potvrdí, že ho drží.
illegal-drop-not-in-hand = Takú figúrku v ruke nemáte.
illegal-drop-occupied = { $cell } je obsadené: figúrka sa vkladá len na voľné pole.
illegal-drop-outside-zone = Túto figúrku nemožno vložiť na { $cell } (mimo polí, na ktoré ju možno vložiť).
illegal-drop-nifu = Nifu: na stĺpci poľa { $cell } už máte nepromovaného pešiaka.

## Domáce pravidlá

house-move-limit = Limit ťahov
house-move-limit-none = Žiadny
house-show-legal-moves = Ukazovať možné ťahy
house-rotate-first-seat = Striedať prvého hráča
house-turn-time = Časový limit na ťah
house-turn-time-none = Žiadny
house-turn-time-seconds = { $seconds } s
house-start-position = Začiatočné postavenie
house-start-random = náhodné
house-start-classical = { $number } (klasické)
common-on = Zapnuté
common-off = Vypnuté
setup-mode = Režim
setup-players = Hráči
setup-house-rules = Domáce pravidlá
setup-another-position = Iné postavenie

## Akcie a otázky

action-new-game = Nová hra
action-continue = Pokračovať
action-undo = Späť
action-redo = Znova
action-resign = Vzdať sa
action-pass = Vynechať ťah
action-declare-impasse = Vyhlásiť impas (výhra na body)
action-janggi-setup = Kone na { $horse1 } a { $horse2 }, slony na { $elephant1 } a { $elephant2 }
action-let-bots-finish = Nech hru dohrajú boti
action-end-game = Ukončiť hru
action-rules = Pravidlá
action-start-game = ▶ Začať hru
action-quit = Koniec
action-back = Naspäť
action-settings = Nastavenia
action-hand-to-bot = Odovzdať botovi
action-take-over = Prevziať
action-rematch = Odveta
handover-title = Podajte zariadenie: { $player }
handover-ready = Som { $player }: ukázať moju šachovnicu
home-no-saved-games = Zatiaľ žiadne uložené hry.
action-delete = Zmazať
action-rename = Premenovať
action-cancel = Zrušiť
home-more = Ďalšie možnosti tejto partie
home-finished = Dohrané
home-games = Hry
prompt-delete-game = Zmazať partiu „{ $game }“? Nedá sa to vrátiť späť.
prompt-delete-yes = Áno, zmazať
prompt-delete-no = Nie, ponechať
prompt-rename-game = Nový názov partie
prompt-rename-yes = Uložiť názov
home-share-refused = Táto partia skrýva figúry hráčov pred súpermi: zdieľať ju možno až po jej skončení.
settings-sound = Zvuky ťahov, brania a šachov
settings-haptics = Vibrácie pri ťahoch
settings-language = Jazyk
settings-language-name = Slovenčina
settings-orientation = Otočenie šachovnice
orientation-face-to-move = Tvárou k hráčovi na ťahu
orientation-fixed = Pevné
orientation-table = Stôl: každá armáda k svojmu hráčovi

prompt-no-person-playing = Pri šachovnici už nehrá žiadny človek.
prompt-promote-to = Premeniť na
prompt-which-move = Ktorý ťah?
prompt-other-moves = Ďalšie ťahy
prompt-action-janggi-setup = Zvoľte rozostavenie
prompt-esc-again = Partia je uložená: ďalší Esc otvorí ponuku.
prompt-castle = Rošáda
prompt-move = Ťah { $move }
prompt-mate-what-now = Mat! Čo ďalej?
prompt-resign-for = Vzdať sa za hráča { $player }?
prompt-resign-yes = Áno, { $player } sa vzdáva
prompt-resign-no = Nie, hráme ďalej
prompt-hand-to-bot = Odovzdať hráča { $player } botovi?
prompt-hand-to-bot-yes = Áno, za hráča { $player } hrá bot
prompt-leave = Opustiť túto hru? Nie je uložená.
prompt-leave-yes = Späť do ponuky (hra sa stratí)
prompt-leave-no = Zostať
prompt-quit-unsaved = Ukončiť Rookery? Táto hra nie je uložená.
prompt-quit-yes = Ukončiť (hra sa stratí)
prompt-quit-no = Hrať ďalej

choice-end = Ukončiť hru
choice-grey = Hrať ďalej: matovaná armáda zostane ako sivé prekážky
choice-give = Hrať ďalej: matovanú armádu dostane { $player }

status-to-move = Na ťahu je { $player }
status-check = Šach
status-out = Mimo hry
status-score = Body: { $points }
status-ply = polťah { $ply }
status-start-number = začiatok { $number }
status-partners = Spoluhráči: { $teams }
status-bot-pace = Boti: { $pace } · + rýchlejšie · - pomalšie · p pauza
pace-slow = pomaly
pace-normal = bežné tempo
pace-fast = rýchlo
pace-fastest = tak rýchlo, ako rozmýšľajú
pace-paused = pozastavení
status-saved = ukladá sa po každom ťahu
status-count-board = Počítanie šachovnice: { $player } počíta { $count } z { $limit }
status-count-pieces = Počítanie figúr: { $player } počíta { $count } z { $limit }
status-thinking = premýšľa…
status-waiting = (čaká sa)
status-input-over = Koniec hry: ←/→ prezeranie · Ctrl-N nová hra · Esc ponuka
status-timer = ⏱ { $seconds } s
status-choose = Mat: zvoľte, ako ďalej
status-over-keys = Ctrl-N nová hra · Esc ponuka · Ctrl-Z vrátiť ťah
status-captured = Vzaté figúry
status-in-hand = V ruke
status-no-other-moves = Teraz nie je iný ťah.
status-moves = Ťahy
status-move-input = Ťah:
status-game-over = Hra sa skončila: Ctrl-N hrá znova, Esc vráti do ponuky
status-choice-pending = Čaká sa na voľbu
hand-over-title = Podajte zariadenie hráčovi { $player }
hand-over-hint = Šachovnica zostane skrytá, kým zariadenie nedrží { $player }. { $player }: stlačte Enter a uvidíte svoje figúrky.
status-turn-of = Na ťahu je { $player }
status-cannot-move = Táto figúra nemôže ťahať
status-bot-found-nothing = Bot nenašiel žiadny ťah
status-taken-back = Vrátené na polťah { $ply }
status-forward = Vpred na polťah { $ply }
moves-resigns = ({ $player } sa vzdáva)
moves-timed-out = ({ $player } prekročil čas)

## Obrazovky terminálového hráča

menu-choose-game = — vyberte hru
menu-coming = { $game } (pripravuje sa)
menu-continue-title = Pokračovať v uloženej hre
menu-review-title = Prezrieť dohranú partiu
menu-saved-games = Uložené partie
menu-saved-finished = { $game } · dohraná
menu-all-saved = Všetky uložené partie ({ $count })…
menu-saved-keys = Enter: pokračovať alebo prezrieť · n: premenovať · e: exportovať · d: zmazať · PgUp/PgDn: strana
menu-delete-confirm = Stlačte d ešte raz a uložená partia sa zmaže (iný kláves ju ponechá)
menu-deleted = Uložená partia zmazaná
menu-rename-prompt = Napíšte názov partie, Enter ho uloží, Esc zruší
menu-exported = Zapísané do { $path }
menu-export-failed = Nedá sa zapísať { $path }: { $detail }
menu-rules-hint = r alebo F1: pravidlá tejto hry
howto-heading = Ako sa to hrá tu
howto-move = Ťah: napíšte ho a stlačte Enter, v ktoromkoľvek z týchto tvarov: { $example }.
howto-click = Kliknite na figúrku a potom na pole, kam ide (Esc výber zruší).
howto-promote = Premena: pridajte písmeno novej figúrky ({ $example }) alebo ju vyberte v zozname, ktorý sa otvorí.
howto-promote-plus = Premena: pridajte { $example } za ťah alebo vyberte v zozname, ktorý sa otvorí.
howto-drop = Vloženie z ruky: písmeno figúrky, @ a pole ({ $example }); alebo kliknite na figúrku v ruke a potom na pole.
howto-place = Hra začína rozostavením figúrok: písmeno figúrky, @ a pole ({ $example }); alebo kliknite na figúrku v ruke a potom na pole.
howto-steps = Ťah má viac krokov: napíšte každý a Enter (druhý krok je umiestnenie ako { $example }), alebo oba naraz oddelené čiarkou.
howto-buttons = Ťahy bez polí (pas, voľba rozostavenia) sú ponúknuté ako tlačidlá: otvorí ich Ctrl-P.
howto-keys = ←/→ prezeranie ťahov, Ctrl-Z vráti ťah, F1 ukáže túto stránku.
menu-esc-hint = Rookery ukončíte klávesom q (alebo položkou Koniec na konci zoznamu)
time-just-now = práve teraz
time-minutes-ago =
    { $count ->
        [one] pred { $count } minútou
        [few] pred { $count } minútami
        [many] pred { $count } minúty
       *[other] pred { $count } minútami
    }
time-hours-ago =
    { $count ->
        [one] pred { $count } hodinou
        [few] pred { $count } hodinami
        [many] pred { $count } hodiny
       *[other] pred { $count } hodinami
    }
time-days-ago =
    { $count ->
        [one] pred { $count } dňom
        [few] pred { $count } dňami
        [many] pred { $count } dňa
       *[other] pred { $count } dňami
    }
setup-title = { $game }: hráči a pravidlá
setup-from-position = Začína sa zo zadaného postavenia: { $position }
notice-no-home = Chýba domovský priečinok: hry sa neukladajú
notice-not-saved = Hry sa neukladajú: { $detail }
error-play-not-saved = Hra sa nespustila, lebo by sa neukladala: { $detail } Zatvorte druhý Rookery, zvoľte iné miesto cez --db PRIEČINOK alebo hrajte bez ukladania s --no-save.
error-no-numbered-starts = { $game } má jedno začiatočné postavenie; --start čísluje začiatky Chess960.
error-start-and-fen = Zadajte buď --start, alebo --fen, nie oboje.
notice-saved-on-exit = Hra je uložená: `rookery play` ponúkne pokračovať v nej.

help-menu = ↑/↓ výber · Enter či klik otvorí · r pravidlá · partie: n premenovať · e export · d zmazať · PgUp/PgDn · q koniec
help-setup = ↑/↓ riadok · ←/→ zmena · číslice: číslo začiatku · Enter: meno, alebo Začať (aj s) · F1 pravidlá · Esc späť
help-play-1 = Ťah (e4, e2e4) + Enter · alebo klik na figúru, potom na cieľ · ←/→ Home/End ťahy · Esc zmaže, 2× ponuka · F1 pravidlá
help-play-2 = Ctrl-Z späť · Ctrl-Y znova · Ctrl-R vzdať sa · Ctrl-P pas, iné ťahy · Ctrl-F otočiť · Ctrl-N nová hra · Ctrl-C koniec
help-rules = ↑/↓ PgUp/PgDn posun · Home začiatok · Esc alebo q späť
screen-too-small = Okno je na túto obrazovku malé: zväčšite ho aspoň na { $width }×{ $height } (teraz { $now-width }×{ $now-height }).
screen-too-small-keys = Esc späť · Ctrl-C ukončí

## Obrazovka hry (core/src/present): stav, fázy a ich rady

screen-hand-over = Podajte zariadenie hráčovi { $player }
screen-reviewing = Prehľad: po ťahu { $ply }
screen-thinking = { $player } premýšľa…
screen-to-move-check = Na ťahu je { $player }: šach!
screen-notice-reviewing = Prezeráte staršiu pozíciu: ak chcete hrať, vráťte sa k živej hre.
phase-decide = Hráč dostal mat: rozhodnite, ako hra pokračuje
hint-decide = Zvoľte jedno z tlačidiel.
phase-promote = Premena pešiaka
hint-promote = Zvoľte figúru, na ktorú sa pešiak premení.
phase-choose-move = Tu končí viac ťahov
hint-choose-move = Zvoľte ťah, ktorý myslíte.
phase-place = Položte figúru: { $piece }
hint-place = Ťuknite na prázdne pole, kam ju chcete položiť.
phase-setup-choose = Rozostavenie: zvoľte si rozostavenie
hint-setup-choose = Zvoľte, kde stoja vaše kone a slony.
phase-setup-place = Rozostavenie: rozložte svoje figúry
hint-setup-place = Ťuknite na figúru v ruke, potom na pole na vašej strane šachovnice.
phase-chain = Pokračujte v reťazi
hint-chain = Potiahnite uvoľnenou figúrou: ťuknite na ňu a potom na cieľ.
phase-drop = Vložte figúru z ruky
hint-drop = Ťuknite na zvýraznené pole, kam ju chcete vložiť; opätovné ťuknutie na figúru voľbu zruší.

## Stránky pravidiel

rules-title = Pravidlá: { $game }
rules-not-playable = Táto hra sa zatiaľ nedá hrať: stránka opisuje pravidlá, ktoré Rookery zavedie.
rules-start-position = Začiatočné postavenie, ako ho nakreslil engine
rules-section-board = Šachovnica a ťahy
rules-section-pieces = Ako ťahajú figúry
rules-section-special = Zvláštne pravidlá
rules-section-points = Body
rules-section-out = Vypadnutie z hry
rules-section-check = Šach a mat
rules-section-end = Koniec hry
rules-section-origin = Odkiaľ hra pochádza

## Herná obrazovka a vzhľad (Android)

settings-theme = Vzhľad
theme-system = Podľa systému
theme-light = Svetlý
theme-dark = Tmavý
action-more = Viac
action-review = Prezerať ťahy
action-review-live = Späť do hry
action-seats = Hráči
action-table-mode = Režim stola: ovládanie každého hráča je otočené k nemu
review-first = Začiatočná pozícia
review-back = Predchádzajúci ťah
review-forward = Nasledujúci ťah
review-live = Aktuálna pozícia
action-share-game = Zdieľať hru
