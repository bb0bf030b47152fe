"""The terminal client in competitive play: the real `mancala play` process on a
pseudo-terminal, a known player kept in a file of mode 600, a challenge by name, the
clock under the board, chat both ways, a draw by agreement. The opponent is a
MancalaClient in the test."""

from __future__ import annotations

import json
import stat
from collections.abc import Callable
from pathlib import Path

from mancala_client.api import MancalaClient
from tests.client.pty_terminal import Terminal
from tests.client.test_terminal_e2e import board_regex, kalah


async def test_a_challenge_chat_and_a_draw_from_the_terminal(url: str, terminal: Callable[..., Terminal],
                                                            tmp_path: Path) -> None:
    player_file = tmp_path / "config" / "player.json"
    t = terminal("--server", url, "--name", "alice", MANCALA_PLAYER_FILE=str(player_file))
    await t.expect(r"Connected to .* as alice\.")
    kept = json.loads(player_file.read_text())["players"][url]
    assert stat.S_IMODE(player_file.stat().st_mode) == 0o600 and kept["player"] and kept["secret"]

    async with await MancalaClient.connect(url, name="bob") as bob:
        me = await bob.request({"type": "identify", "name": "bob"})
        assert me.name == "bob"
        t.send("challenge bob kalah_4 clock 5+3")
        await t.expect(r"Challenge sent to bob \(kalah_4, 5\+3, casual\)")
        offered = await bob.next_event("challenge")
        assert (offered.by, offered.clock.base, offered.clock.increment) == ("alice", 300, 3)
        await bob.request({"type": "answer_challenge", "challenge": offered.challenge, "accept": True})
        state = await bob.next_event("room_state")
        await t.expect(r"Challenge accepted: room (\w+)")
        # the challenge's room draws its starter: no clock runs until both players have
        # moved; whoever it is has the first-move limit instead
        starter = "South" if state.state.turn == 0 else "North"
        await t.expect(rf"Clock 5\+3: South 5:00  North 5:00  \(first move: {starter} has 0:[23]\d, "
                       r"else the game is aborted\)")

        await bob.request({"type": "chat", "room": state.room, "text": "good luck, alice"})
        await t.expect(r"bob: good luck, alice")
        t.send("say thanks, you too")
        said = await bob.next_event("chat_message")
        assert (said.name, said.text) == ("bob", "good luck, alice")  # one's own line comes back too
        said = await bob.next_event("chat_message")
        assert (said.name, said.text, said.channel) == ("alice", "thanks, you too", "players")

        t.send("draw")
        await t.expect(r"Offer sent; waiting for the answer\.")
        offer = await bob.next_event("offer")
        assert (offer.kind, offer.status) == ("draw", "offered")
        await bob.request({"type": "answer_draw", "room": state.room, "accept": True})
        await t.expect(r"Game over: draw by agreement\.")
        over = await bob.next_event("game_over")
        assert over.reason == "agreement"

    t.send("me")
    await t.expect(r"You are alice\. No rated games yet\.")


async def test_the_terminal_answers_a_challenge_and_a_draw_and_hears_only_the_players(
        url: str, terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    """The other way round: the terminal player is challenged and accepts, hears the
    opponent's chat but not the spectators' while the game is on, and accepts a draw."""
    t = terminal("--server", url, "--name", "ada", MANCALA_PLAYER_FILE=str(tmp_path / "player.json"))
    await t.expect(r"Connected to .* as ada\.")
    async with await MancalaClient.connect(url, name="ben") as ben, \
            await MancalaClient.connect(url, name="cy") as cy:
        await ben.request({"type": "identify", "name": "ben"})
        sent = await ben.request({"type": "challenge", "to": "ADA", "variant": "oware_abapa",
                                  "clock": {"base": 600, "increment": 5}})
        shown = await t.expect(r"ben challenges you: oware_abapa, 10\+5, casual\. `accept (\S+)`")
        assert shown.group(1) == sent.challenge
        t.send(f"accept {sent.challenge}")
        await t.expect(r"Challenge accepted: room (\w+)\.")
        update = await ben.next_event("challenge_update")
        assert update.status == "accepted"
        room = update.room
        await t.expect(r"Clock 10\+5: ")
        since = t.pos

        watching = await cy.spectate(room)
        assert watching.status == "playing"
        await cy.request({"type": "chat", "room": room, "text": "ada should sow f"})
        await ben.request({"type": "chat", "room": room, "text": "hello ada"})
        await t.expect(r"ben: hello ada")
        await t.settle()
        assert "ada should sow f" not in t.text[since:]  # the spectators' channel: not for players

        await ben.request({"type": "offer_draw", "room": room})
        await t.expect(r"North \(ben\) offers a draw: `draw` to accept|South \(ben\) offers a draw: `draw` to accept")
        t.send("draw")
        await t.expect(r"Game over: draw by agreement\.")
        over = await ben.next_event("game_over")
        assert (over.reason, over.outcome) == ("agreement", {"kind": "TIE", "winner": None})

        await cy.request({"type": "chat", "room": room, "text": "well played"})  # the game is over: all hear
        await t.expect(r"cy \(watching\): well played")


async def test_a_takeback_between_two_terminals_and_none_in_a_rated_game(
        url: str, terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    """One terminal asks to take its move back, the other accepts: both boards go back one
    move. In a rated room the request is refused with the server's typed error."""
    game = kalah()
    start = game.start(0)
    a = terminal("--server", url, "--name", "ava", MANCALA_PLAYER_FILE=str(tmp_path / "ava.json"))
    b = terminal("--server", url, "--name", "bea", MANCALA_PLAYER_FILE=str(tmp_path / "bea.json"))
    for t, name in ((a, "ava"), (b, "bea")):
        await t.expect(rf"Connected to .* as {name}\.")
    a.send("create kalah_4")
    code = (await a.expect(r"Created public room (\w+) \(kalah_4\); you are South"))[1]
    b.send(f"join {code}")
    await b.expect(rf"Joined room {code} as North\.")
    await b.expect(board_regex(start, 1))
    await a.expect(r"Your move \(South\)")

    a.send("a")
    moved = game.play(start, 0)
    await a.expect(board_regex(moved, 0))
    await b.expect(board_regex(moved, 1))
    a.send("takeback")
    await a.expect(r"Offer sent; waiting for the answer\.")
    await b.expect(r"South \(ava\) offers to take back their last move: `takeback` to accept")
    b.send("takeback")
    for t, viewer in ((a, 0), (b, 1)):
        await t.expect(r"Moves taken back by agreement\.")
        await t.expect(board_regex(start, viewer))  # the board before South's move
    await a.expect(r"Your move \(South\)\. Legal: a b c d e f")
    b.send("history")
    await b.expect(r"No moves yet\.")

    a.send("resign")
    await b.expect(r"Game over: North wins: South resigned\.")
    # its own terminal too: until the game over reaches it, it is still in the game
    await a.expect(r"Game over: North wins: South resigned\.")
    a.send("create kalah_4 rated")
    code = (await a.expect(r"Created public room (\w+) \(kalah_4\); you are South"))[1]
    b.send(f"join {code}")
    await b.expect(rf"Joined room {code} as North\.")
    await a.expect(r"Your move \(South\)")
    a.send("a")
    await b.expect(board_regex(moved, 1))
    a.send("takeback")
    await a.expect(r"No takeback: no takebacks in a rated game")
    b.send("board")
    await b.expect(board_regex(moved, 1))  # nothing was taken back


async def test_a_transfer_code_makes_a_second_terminal_the_same_player(
        url: str, terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    first_file, second_file = tmp_path / "laptop" / "player.json", tmp_path / "desktop" / "player.json"
    first = terminal("--server", url, "--name", "lena", MANCALA_PLAYER_FILE=str(first_file))
    await first.expect(r"Connected to .* as lena\.")
    second = terminal("--server", url, "--name", "other", MANCALA_PLAYER_FILE=str(second_file))
    await second.expect(r"Connected to .* as other\.")
    first.send("transfer")
    code = (await first.expect(r"On the other device type `redeem (\S+)` within 10 minutes\. Once it is used"))[1]
    second.send(f"redeem {code}")
    await second.expect(r"You are lena here now; the keys of your other devices no longer work\.")
    second.send("me")
    await second.expect(r"You are lena\. No rated games yet\.")
    lena = json.loads(first_file.read_text())["players"][url]
    kept = json.loads(second_file.read_text())["players"][url]
    assert kept["player"] == lena["player"] and kept["secret"] != lena["secret"]  # a secret of its own
    assert stat.S_IMODE(second_file.stat().st_mode) == 0o600

    second.send("redeem " + code)  # a code works once
    await second.expect(r"That code does not work \(codes work once, for ten minutes\)")
    second.send("quit")
    await second.wait_exit()
    again = terminal("--server", url, "--name", "other", MANCALA_PLAYER_FILE=str(second_file))
    await again.expect(r"Connected to .* as lena\.")  # the second device's file holds lena now


async def test_mute_stops_one_name_reaching_the_terminal_only(
        url: str, terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    t = terminal("--server", url, "--name", "moe", MANCALA_PLAYER_FILE=str(tmp_path / "moe.json"))
    await t.expect(r"Connected to .* as moe\.")
    t.send("create kalah_4")
    code = (await t.expect(r"Created public room (\w+)"))[1]
    async with await MancalaClient.connect(url, name="loud") as loud, \
            await MancalaClient.connect(url, name="cy") as cy:
        await loud.join(code)
        await loud.next_event("room_state")
        await cy.spectate(code)
        await t.expect(r"North \(loud\) joined the game\.")

        t.send("mute LOUD")
        await t.expect(r"LOUD muted\.")
        await loud.request({"type": "chat", "room": code, "text": "buy my course"})
        heard = await cy.next_event("chat_message")  # the others still hear it
        assert (heard.name, heard.text) == ("loud", "buy my course")
        assert (await loud.next_event("chat_message")).text == "buy my course"
        since = t.pos
        t.send("say after the spam")  # said after loud's line: it arrives here after it
        await t.expect(r"moe: after the spam")
        assert "buy my course" not in t.text[since:]

        t.send("say " + "x" * 301)  # too long: said so, nothing cut off and sent
        await t.expect(r"Not sent: a chat line is at most 300 characters \(that one has 301\)\.")
        t.send("say " + "y" * 300)
        heard = await cy.next_event("chat_message")
        assert (heard.name, heard.text) == ("moe", "after the spam")
        heard = await cy.next_event("chat_message")
        assert (heard.name, heard.text) == ("moe", "y" * 300)

        t.send("unmute loud")
        await t.expect(r"loud can be heard again\.")
        await loud.request({"type": "chat", "room": code, "text": "sorry"})
        await t.expect(r"loud: sorry")


async def test_a_challenge_declined_in_the_terminal_is_heard_by_the_challenger(
        url: str, terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    asker = terminal("--server", url, "--name", "asker", MANCALA_PLAYER_FILE=str(tmp_path / "asker.json"))
    busy = terminal("--server", url, "--name", "busy", MANCALA_PLAYER_FILE=str(tmp_path / "busy.json"))
    for t, name in ((asker, "asker"), (busy, "busy")):
        await t.expect(rf"Connected to .* as {name}\.")
    asker.send("challenge busy kalah_4 clock 3+2")
    await asker.expect(r"Challenge sent to busy \(kalah_4, 3\+2, casual\)\.")
    cid = (await busy.expect(r"asker challenges you: kalah_4, 3\+2, casual\. `accept (\S+)` or `decline \1`"))[1]
    busy.send(f"decline {cid}")
    await asker.expect(r"Challenge declined\.")
    busy.send("challenges")
    await busy.expect(r"No challenges waiting\.")
    busy.send(f"accept {cid}")  # it was settled: nothing to accept any more
    await busy.expect(r"That challenge is no longer open")


async def test_a_rated_timed_room_from_the_terminal_ends_on_time(
        url: str, terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    """`create ... clock 0.2 rated`: 12 s each. The clock line shows under the board; the
    clocks start once both players have moved; under ten seconds the terminal warns (LOW ON
    TIME) without being asked, and the game ends on time, rated: two new players, whose
    first game moves neither rating (docs/competitive.md, "Farming limits")."""
    t = terminal("--server", url, "--name", "tess", MANCALA_PLAYER_FILE=str(tmp_path / "tess.json"))
    await t.expect(r"Connected to .* as tess\.")
    t.send("create kalah_4 clock 0.2 rated")
    code = (await t.expect(r"Created public room (\w+) \(kalah_4\); you are South"))[1]
    async with await MancalaClient.connect(url, name="otto") as otto:
        await otto.request({"type": "identify", "name": "otto"})
        await otto.join(code)
        state = await otto.next_event("room_state")
        assert state.rated and (state.clock.base, state.clock.increment) == (12, 0)
        await t.expect(r"North \(otto\) joined the game\.")
        await t.expect(r"Clock 0\.2\+0: South 0:12  North 0:12  \(first move: South has 0:[23]\d")
        for hole in ("a", "f"):  # two moves each (shorter, it would not be rated); no extra turns
            if hole == "f":  # typed before Otto's move reached the terminal, it would be stale
                await t.expect(r"Your move \(South\)")
            t.send(hole)
            made = await otto.next_event("move_made")
            while made.state.turn == 1 and made.state.outcome is None:  # Otto's: he may sow again
                await otto.move(code, made.state.legal[0], made.ply + 1)
                made = await otto.next_event("move_made")
        first = await t.expect(r"Clock 0\.2\+0: South (\S+) \(running\)( LOW ON TIME)?  North 0:1[12]")
        assert first[2] is None, first[0]  # 10 s or more left: not low yet

        # nobody types: the terminal says so by itself when South's clock gets low
        low = await t.expect(r"Clock 0\.2\+0: South 0:0\d\.\d \(running\) LOW ON TIME  North 0:1[12]")
        assert "> clock" not in t.text[first.end():low.end()]
        t.send("clock")  # and the clock line says it too
        await t.expect(r"> clock\nClock 0\.2\+0: South 0:0\d\.\d \(running\) LOW ON TIME  North 0:1[12]")

        await t.expect(r"Game over: North wins on time\.", timeout=20)
        mine = await t.expect(r"Rating \(kalah_4\): You 1500 -> (\d+)\? \(counted 0%\)")
        theirs = await t.expect(r"Rating \(kalah_4\): North \(otto\) 1500 -> (\d+)\? \(counted 0%\)")
        assert int(mine[1]) == 1500 == int(theirs[1])
        over = await otto.next_event("game_over")
        assert (over.reason, over.outcome) == ("timeout", {"kind": "WIN", "winner": 1})
    t.send("me")
    await t.expect(rf"You are tess\. Ratings: kalah_4 {mine[1]}\?\.")


async def test_offers_to_the_computer_are_refused_in_words(url: str, terminal: Callable[..., Terminal],
                                                          tmp_path: Path) -> None:
    t = terminal("--server", url, "--name", "solo", MANCALA_PLAYER_FILE=str(tmp_path / "solo.json"))
    await t.expect(r"Connected to .* as solo\.")
    t.send("create kalah_4 vs computer")
    await t.expect(r"Your move \(South\)")
    t.send("draw")
    await t.expect(r"No offer: the computer does not take draw offers")
    t.send("decline")
    await t.expect(r"There is no offer to decline\.")


async def test_settings_go_with_a_challenge_and_a_quick_pairing_from_the_terminal(
        url: str, terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    """`challenge NAME VARIANT --set P=V` and `quick VARIANT --set P=V`: the settled variant
    is what the other player is offered, and what the quick pairing pairs on."""
    t = terminal("--server", url, "--name", "sete", MANCALA_PLAYER_FILE=str(tmp_path / "sete.json"))
    await t.expect(r"Connected to .* as sete\.")
    async with await MancalaClient.connect(url, name="otis") as otis:
        await otis.request({"type": "identify", "name": "otis"})
        t.send("challenge otis oware --set capt_on=2,3,4 --set mustpass=yes")
        await t.expect(r"Challenge sent to otis \(oware \(Oware · captures on: 2, 3, 4 · must pass: yes\), "
                       r"no clock, casual\)")
        offered = await otis.next_event("challenge")
        assert offered.settings == {"capt_on": [2, 3, 4], "mustpass": True}
        await otis.request({"type": "answer_challenge", "challenge": offered.challenge, "accept": False})
        await t.expect(r"Challenge declined\.")

        t.send("quick oware --set mustpass=yes")
        mine = (await t.expect(r"Quick pairing for oware: room (\w+)"))[1]
        plain = await otis.quick_pair("oware")  # not the same settings: a room of its own
        assert plain.room != mine
        await otis.request({"type": "leave", "room": plain.room})
        paired = await otis.quick_pair("oware", settings={"mustpass": True})
        state = await otis.next_event("room_state")
        while state.room != paired.room:  # the state of the room he left came first
            state = await otis.next_event("room_state")
        assert paired.room == mine and state.title == "Oware · must pass: yes"
        await t.expect(r"North \(otis\) joined the game\.")
