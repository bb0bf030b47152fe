"""The terminal's commands: words typed at the prompt, each turned into requests.

`Commands.table` maps every command word (and its synonyms) to its handler; a
handler takes the words after the command. What the server answers updates the
`Screen`; a refusal raises `ServerError`, which the caller prints.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable

from mancala.record import marks as move_marks
from mancala.rules.summary import first_sentence
from mancala_client.api import ServerError
from mancala_client.arrange_words import arrange_from_words, arrange_hint
from mancala_client.board_view import PERFECT, computer_name
from mancala_client.command_args import CREATE_USAGE, parse_create, resolve_variant, setting_word
from mancala_client.compete_commands import CompeteCommands, compete_help
from mancala_client.console import Output
from mancala_client.help_text import Section, format_help, help_width
from mancala_client.moves import SEAT_NAMES, MoveInputError, legal_text, move_text, parse_move
from mancala_client.round_words import choice_from_words, choice_hint
from mancala_client.screen import Screen
from mancala_client.session import NotConnected, Session
from mancala_client.tourney_terminal import TourneyTerminal, tourney_help
from mancala_client.wording import room_line


def help_sections(saved: str) -> list[Section]:
    return [
        ("Commands (words; a move is just a hole label):", [
            ("variants [WORD]", "list the variants (those whose name or description has WORD)"),
            ("rooms [all]", "list the public rooms (changes print while you are in the lobby)"),
            ("create VARIANT [private] [south|north] [first south|north|me|them|random] "
             "[vs computer [LEVEL]] [clock 5+3] [rated] [--set PARAM=VALUE ...]",
             "make a room and take a seat; share its code to play a friend (public by default), or "
             "play the computer at once (private unless you add `public`): LEVEL is easy, medium "
             "(the default), hard or expert, or 0..3, or perfect (exact play where it can solve the "
             "board in time), e.g. `create kalah_4 vs computer hard`; `--set` chooses a setting the "
             "variant offers, e.g. `create oware --set grandslam=legal --set capt_on=2,3,4`"),
            ("settings VARIANT", "what `create VARIANT --set` may choose, and the variant's own values"),
            ("join CODE [south|north]", "take a seat in a room"),
            ("quick VARIANT [clock 5+3] [rated] [--set P=V]",
             "pair with the next player who wants the same variant (and terms, and settings)"),
            ("watch CODE", "spectate a room"),
            ("resume [CODE[:TOKEN]]", f"get back into a seat you hold (saved in {saved})"),
        ]),
        ("In a game:", [
            ("c   C   3   c cw", "play the hole labelled c (South's holes are a b c..., North's A B C...), "
             "or your third hole from your left; add a direction (cw/ccw, or left/right along your "
             "row) when asked"),
            ("store N", "sow N seeds from your own store, where the game allows it (Azigo)"),
            ("board", "draw the board again"),
            ("history", "the moves so far"),
            ("resign", "give up the game"),
            ("rematch", "offer (or accept) a new game"),
            ("claim", "claim the win once your opponent has been away too long (or keep waiting: "
             "they may still come back)"),
            ("swap", "(swap rule) take the side that made the first move, instead of moving"),
            ("arrange 4 4 0 8 4 4 4", "(Bao) as the game's first move, lay out the seeds of your row, "
             "each hole's from your left; your opponent's row is laid out the same from their left"),
            ("choose a c   choose 2 2 1 1", "between rounds, when the server asks you: the holes to fill "
             "or to own (their letters), or your row's layout (seeds a hole, from your left)"),
            ("leave", "leave the room"),
            ("help", "this text"),
            ("quit", "leave the client (your seat stays yours for a while)"),
        ]),
    ]


Handler = Callable[[list[str]], Awaitable[None]]


class Commands:
    """`wait_for_room(code)` returns once the room's state has been shown (or a while
    has passed): a seat granted is followed by the room."""

    def __init__(self, session: Session, out: Output, screen: Screen,
                 wait_for_room: Callable[[str], Awaitable[None]]) -> None:
        self.session = session
        self.out = out
        self.screen = screen
        self.wait_for_room = wait_for_room
        self.done = False  # `quit` was typed
        self.table: dict[str, Handler] = {
            "help": self.help, "?": self.help,
            "variants": self.variants,
            "settings": self.settings,
            "rooms": self.rooms, "lobby": self.rooms,
            "create": self.create, "new": self.create,
            "join": self.join,
            "quick": self.quick, "pair": self.quick,
            "watch": self.watch, "spectate": self.watch,
            "resume": self.resume,
            "board": self.board, "show": self.board,
            "history": self.history, "moves": self.history,
            "move": self.move, "play": self.move, "store": self.store_move,
            "resign": self.resign,
            "claim": self.claim,
            "swap": self.swap,
            "choose": self.choose, "layout": self.choose,
            "arrange": self.arrange,
            "rematch": self.rematch,
            "leave": self.leave,
            "quit": self.quit, "exit": self.quit, "bye": self.quit,
        }
        self.compete = CompeteCommands(session, out, screen, screen.compete)
        self.table.update(self.compete.table())
        self.tourney = TourneyTerminal(session, out, screen)  # tournaments: commands and pushes
        self.table.update(self.tourney.table())
        screen.handlers.update(self.tourney.handlers())

    # ---- the lobby ----------------------------------------------------------------------

    async def help(self, args: list[str]) -> None:
        path = self.session.seats.path
        players = self.session.players.path if self.session.players is not None else None
        sections = help_sections(str(path) if path else "memory only") \
            + compete_help(str(players) if players else "memory only") + tourney_help()
        self.out.say(format_help(sections, help_width()))

    async def variants(self, args: list[str]) -> None:
        word = " ".join(args).lower()
        rows = [v for v in self.screen.variants.values()
                if not word or word in v.name.lower() or word in v.title.lower() or word in v.about.lower()]
        if not rows:
            self.out.say(f"No variant matches {word!r}." if word else "The server offers no variants.")
            return
        wid = max(len(v.name) for v in rows)
        for v in sorted(rows, key=lambda v: v.name):
            self.out.say(f"  {v.name.ljust(wid)}  {first_sentence(v.about) or v.title}")

    async def settings(self, args: list[str]) -> None:
        try:
            variant = resolve_variant(args[0] if args else "", self.screen.variants)
        except ValueError as exc:
            self.out.say(f"Usage: settings VARIANT ({exc}).")
            return
        choices = getattr(self.screen.variants[variant], "settings", [])
        if not choices:
            self.out.say(f"{variant} offers no settings.")
            return
        self.out.say(f"{variant} offers (create {variant} --set PARAM=VALUE):")
        for c in choices:
            allowed = f"{c.min}..{c.max}" if c.kind == "number" else \
                ", ".join(map(setting_word, c.values)) + (" (any of them, commas between)" if c.kind == "set" else "")
            self.out.say(f"  {c.param} ({c.label}): {allowed}; its own: {setting_word(c.default)}")

    async def rooms(self, args: list[str]) -> None:
        rooms = [r for r in self.screen.rooms.values() if r.status != "finished" or args[:1] == ["all"]]
        if not rooms:
            self.out.say("No public rooms open. `create VARIANT` makes one; `quick VARIANT` pairs you.")
            return
        for r in rooms:
            self.out.say("  " + room_line(r))

    def _need_lobby(self) -> bool:
        view = self.screen.view
        if view is not None and view.you is not None and view.status != "finished":
            self.out.say(f"You are in a game in room {view.room}: `leave` it first "
                         "(or `quit` and come back to it later).")
            return False
        return True

    async def create(self, args: list[str]) -> None:
        if not args:
            self.out.say(f"Usage: {CREATE_USAGE}")
            return
        try:
            variant = resolve_variant(args[0], self.screen.variants)
        except ValueError as exc:
            self.out.say(f"Cannot create: {exc}.")
            return
        try:
            options = parse_create(args[1:])
        except ValueError as exc:
            self.out.say(f"Cannot create: {exc}")
            return
        if not self._need_lobby():
            return
        await self._leave_quietly()
        granted = await self.session.create_room(variant, public=options.public, seat=options.seat,
                                                 starter=options.starter, computer=options.computer,
                                                 **options.terms(),
                                                 **options.settings_for(self.screen.variants.get(variant)))
        self.screen.view = None
        computer = options.computer
        seat_name = "Computer (perfect)" if computer == PERFECT else f"Computer (level {computer})"
        opponent = (f"You play {computer_name(seat_name)}."
                    if computer is not None else f"Your opponent types `join {granted.room}`.")
        self.out.say(f"Created {'public' if options.public else 'private'} room {granted.room} "
                     f"({variant}); you are {SEAT_NAMES[granted.seat]}. {opponent}")
        await self.wait_for_room(granted.room)

    async def join(self, args: list[str]) -> None:
        if not args:
            self.out.say("Usage: join CODE [south|north]")
            return
        seat = {"south": 0, "north": 1}.get(args[1].lower()) if len(args) > 1 else None
        if not self._need_lobby():
            return
        code = args[0].upper()
        await self._leave_quietly(unless=code)
        granted = await self.session.join(code, seat)
        self.screen.view = None
        self.out.say(f"Joined room {granted.room} as {SEAT_NAMES[granted.seat]}.")
        await self.wait_for_room(granted.room)

    async def quick(self, args: list[str]) -> None:
        if not args:
            self.out.say("Usage: quick VARIANT")
            return
        try:
            variant = resolve_variant(args[0], self.screen.variants)
            options = parse_create(args[1:])  # clock X, rated, --set
        except ValueError as exc:
            self.out.say(f"Cannot pair: {exc}.")
            return
        if not self._need_lobby():
            return
        await self._leave_quietly()
        granted = await self.session.quick_pair(variant, **options.terms(),
                                                **options.settings_for(self.screen.variants.get(variant)))
        self.screen.view = None
        self.out.say(f"Quick pairing for {variant}: room {granted.room}, you are {SEAT_NAMES[granted.seat]}.")
        await self.wait_for_room(granted.room)

    async def watch(self, args: list[str]) -> None:
        if not args:
            self.out.say("Usage: watch CODE")
            return
        if not self._need_lobby():
            return
        code = args[0].upper()
        await self._leave_quietly(unless=code)
        state = await self.session.spectate(code)
        self.out.say(f"Watching room {state.room}.")
        self.screen.on_room_state(state)

    async def resume(self, args: list[str]) -> None:
        s = self.session
        room, _, token = (args[0] if args else "").partition(":")
        if len(args) > 1:
            token = args[1]
        room = room.upper()
        if not token:
            held = s.seats.for_server(s.url)
            saved = s.seats.get(s.url, room) if room else (held[-1] if held else None)
            if saved is None:
                self.out.say(f"No saved seat{' in room ' + room if room else ''} for {s.url}.")
                return
            room, token = saved.room, saved.token
        if self.screen.view is not None and self.screen.view.room != room:
            await self._leave_quietly()
        try:
            state = await s.resume(room, token)
        except ServerError as exc:
            if exc.code in ("bad_token", "no_such_room"):
                s.seats.forget(s.url, room)
            raise
        self.out.say(f"Back in room {state.room} as {SEAT_NAMES[state.you]}.")
        self.screen.on_room_state(state)

    # ---- in a room ----------------------------------------------------------------------

    async def board(self, args: list[str]) -> None:
        if self.screen.view is None:
            self.out.say("No board: you are in the lobby.")
        else:
            self.screen.draw()

    async def history(self, args: list[str]) -> None:
        view = self.screen.view
        if view is None:
            self.out.say("No game: you are in the lobby.")
            return
        if not self.screen.history:
            self.out.say("No moves yet.")
            return
        n = view.holes
        # one line a move, the holes in the board's labels, what it did in marks
        self.out.say("  move  player  hole   (x5 captured 5, + moves again, c child, * round over)")
        for i, (seat, move, events) in enumerate(self.screen.history):
            who = ("You" if seat == view.you else SEAT_NAMES[seat]).ljust(6)
            self.out.say(f"  {i + 1:>4}  {who}  {move_text(move, n):<5}  {move_marks(events or [])}".rstrip())

    async def move(self, args: list[str]) -> None:
        await self.play(" ".join(args))

    async def store_move(self, args: list[str]) -> None:
        """`store N` (Azigo's store moves): sow N seeds from one's store."""
        await self.play(" ".join(["store", *args]))

    async def play(self, text: str) -> None:
        """A move typed as the board labels it (`c`, `3`, `c cw`)."""
        v = self.screen.view
        if v is None:
            self.out.say("You are not in a game: `create`, `join` or `quick` first.")
            return
        if v.you is None:
            self.out.say("You are watching: spectators do not move.")
            return
        my_turn = v.state["turn"] == v.you and v.status == "playing"
        legal = v.state.get("legal", []) if my_turn else []
        try:
            parsed = parse_move(text, v.holes, v.you, legal)
        except MoveInputError as exc:
            text = str(exc)
            self.out.say(text[:1].upper() + text[1:] + ".")
            self.out.bell()
            return
        # the server judges; a refusal comes back as a typed error
        try:
            await self.session.move(parsed.move, v.ply)
        except ServerError as exc:
            self.out.say(self.screen.describe_error(exc).replace("Illegal move:", f"Illegal move {parsed.text}:", 1))
            if exc.code == "illegal_move" and my_turn:
                self.out.say(f"Legal: {legal_text(legal, v.holes, v.you)}")
            if exc.code in ("illegal_move", "not_your_turn"):
                self.out.bell()
            # (after stale_ply the move that made it stale is queued: its board comes next)

    def _my_status(self) -> str | None:
        """The status of the game this client sits in; None (and says so) when it sits in none."""
        view = self.screen.view
        if view is None or view.you is None:
            self.out.say("You are not playing a game.")
            return None
        return view.status

    async def resign(self, args: list[str]) -> None:
        status = self._my_status()
        if status == "waiting":
            self.out.say("The game has not started: `leave` the room instead.")
        elif status is not None:
            await self.session.resign()

    async def claim(self, args: list[str]) -> None:
        status = self._my_status()
        if status is not None and status != "playing":
            self.out.say("There is no game going on: nothing to claim.")
        elif status is not None:  # the server judges whether the opponent has been away long enough
            await self.session.claim_win()

    async def swap(self, args: list[str]) -> None:
        status = self._my_status()
        if status is not None and status != "playing":
            self.out.say("There is no game going on: nothing to swap.")
        elif status is not None:  # the server judges whether the swap rule allows it now
            await self.session.swap()

    async def choose(self, args: list[str]) -> None:
        """The next round's layout (round_choice): hole letters, or seeds a hole."""
        if self._my_status() is None:
            return
        asked = self.screen.round_choice
        if asked is None:
            self.out.say("Nobody is choosing a round's layout now.")
            return
        try:
            choice = choice_from_words(asked, args, self.screen.view.holes if self.screen.view else 0)
        except ValueError as exc:
            self.out.say(f"{exc} ({choice_hint(asked)})")
            return
        await self.session.choose_round(choice)

    async def arrange(self, args: list[str]) -> None:
        """Bao's first move: the seeds of the player's row laid out (arrange_words.py)."""
        if self._my_status() is None:
            return
        offer, v = self.screen.arrange, self.screen.view
        assert v is not None
        if offer is None or offer.seat != v.you or v.status != "playing":
            self.out.say("You cannot arrange the seeds now: only the starter of a game that allows it "
                         "(Bao), as the game's first move.")
            self.out.bell()
            return
        try:
            move = arrange_from_words(offer, args)
        except ValueError as exc:
            self.out.say(f"{exc}. To arrange, {arrange_hint(offer)}.")
            self.out.bell()
            return
        try:
            await self.session.move(move, v.ply)
        except ServerError as exc:
            self.out.say(self.screen.describe_error(exc).replace("Illegal move:", "Arrangement refused:", 1))
            self.out.bell()

    async def rematch(self, args: list[str]) -> None:
        status = self._my_status()
        if status is not None and status != "finished":
            self.out.say("The game is still going: a rematch comes after it ends.")
        elif status is not None:
            await self.session.rematch()

    async def leave(self, args: list[str]) -> None:
        view = self.screen.view
        if view is None and self.session.room is None:
            self.out.say("You are in the lobby already.")
            return
        room = self.session.room
        playing = view is not None and view.you is not None and view.status == "playing"
        self.screen.view = None
        note = " If you do not come back the game is forfeited." if playing else ""
        try:
            await self.session.leave()
        except (NotConnected, TimeoutError):
            note += " (The server did not hear it: the connection is down.)"
        except ServerError as exc:
            note += f" ({self.screen.describe_error(exc)}.)"
        self.out.say(f"Left room {room}.{note} Back in the lobby (`rooms`).")

    async def _leave_quietly(self, unless: str | None = None) -> None:
        """Leave the room we watch or finished in before going elsewhere."""
        if self.session.room is not None and self.session.room != unless:
            with contextlib.suppress(ServerError, NotConnected, TimeoutError):
                await self.session.leave()
            self.screen.view = None

    async def quit(self, args: list[str]) -> None:
        v = self.screen.view
        if v is not None and v.you is not None:
            if v.status == "finished":
                self.session.seats.forget(self.session.url, v.room)
            else:
                self.out.say(f"Your seat in room {v.room} is kept for a while: "
                             f"`mancala play --resume {v.room}` to come back.")
        self.out.say("Bye.")
        self.done = True
