"""benchmarks/abuse.py's attacks by identities and messages: one quota for everyone behind
the proxy (4), rating farming (5), an identity flood with look-alike names (6), spectators
whispering and private games leaking (7), and spam (9)."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter

from benchmarks.abuse_net import (
    CHALLENGES_OPEN_BY,
    CHALLENGES_OPEN_TO,
    CHAT_ADDRESS_BURST,
    CHAT_ADDRESS_RATE,
    CHAT_BURST,
    CHAT_RATE,
    FARM_MARGIN,
    FRAMES_PER_SECOND,
    REGISTER_BURST,
    REGISTER_RATE,
    ROOMS_PER_ADDRESS,
    ROOMS_PER_CLIENT,
    Net,
    Point,
    Sizes,
    code_of,
    drain,
    rating_of,
    wait_for,
)
from mancala_client.api import MancalaClient

# ---- 4. behind the proxy one user's quota is everyone's -------------------------------------


async def fill(clients: list[MancalaClient], attempts: int) -> Counter[str]:
    codes: Counter[str] = Counter()
    for client in clients:
        for _ in range(attempts):
            codes[await code_of(client.create_room("kalah_4", public=False))] += 1
    return codes


async def proxy_quota(net: Net, sizes: Sizes, point: Point) -> None:
    crowd = net.fresh()  # one address: a household, or one abuser
    filled = await fill([await net.client(f"home{i}", crowd) for i in range(5)], ROOMS_PER_CLIENT)
    # the same address again, claiming another in its own X-Forwarded-For (Caddy overwrites it)
    claim = await net.client("claims", crowd, headers={"X-Forwarded-For": "203.0.113.50"})
    claimed = await code_of(claim.create_room("kalah_4", public=False))
    others = [await code_of((await net.client(f"other{i}")).create_room("kalah_4", public=False))
              for i in range(3)]
    # a client that is no proxy, straight to the server: its own address full, it names another
    forger = net.fresh()
    forged_fill = await fill([await net.client(f"forge{i}", forger, direct=True) for i in range(5)],
                             ROOMS_PER_CLIENT)
    liar = await net.client("liar", forger, direct=True, headers={"X-Forwarded-For": "203.0.113.51"})
    forged = await code_of(liar.create_room("kalah_4", public=False))
    held = filled["ok"] == ROOMS_PER_ADDRESS and claimed == "quota" and others == ["ok"] * 3 \
        and forged_fill["ok"] == ROOMS_PER_ADDRESS and forged == "quota"
    point.verdict = "held" if held else "broken"
    point.measured = (f"one address through Caddy: {filled['ok']} of 25 rooms (quota {ROOMS_PER_ADDRESS}), "
                      f"then with its own X-Forwarded-For: {claimed}; 3 other addresses: {', '.join(others)}; "
                      f"a non-proxy client with a forged X-Forwarded-For, its own address full: {forged}")
    point.numbers = {"filled": dict(filled), "claimed": claimed, "others": others,
                     "forged_fill": dict(forged_fill), "forged": forged}


# ---- 5. rating farming ----------------------------------------------------------------------


async def rating_farming(net: Net, sizes: Sizes, point: Point) -> None:
    checkpoints = sorted({1, min(5, sizes.games), sizes.games})
    farmer = await net.player("farmer5")
    farmed: list[int | None] = []
    for game in range(1, sizes.games + 1):
        fresh = await net.player(f"fresh5x{game}")  # a new identity, a new address
        made = await fresh.create_room("oware_abapa", rated=True, seat=1)
        await farmer.join(made.room, seat=0)
        await fresh.resign(made.room)  # at move 0
        await wait_for(farmer, "game_over", made.room)
        await farmer.leave(made.room)
        await drain(farmer)
        await asyncio.sleep(0.15)  # the farmer's socket stays under the server's frame rate
        if game in checkpoints:
            farmed.append(await rating_of(net, "farmer5", "oware_abapa"))
    # one pair, again and again (rematches: the seats swap; the same player always resigns
    # after a few moves, so that a rule on move-0 resignations alone does not hide it)
    winner, loser = await net.player("pair5a"), await net.player("pair5b")
    made = await winner.create_room("kalah_4", rated=True, seat=0)
    await loser.join(made.room)
    room, rng = made.room, random.Random(5)
    paired: list[int | None] = []
    for game in range(1, sizes.games + 1):
        begun = await wait_for(loser, "room_state", room)
        state = begun.state
        who = {begun.you: loser, 1 - begun.you: winner}  # a rematch swaps the seats
        for _ in range(4):
            if state.outcome is not None:
                break
            await who[state.turn].move(room, rng.choice(state.legal))
            state = (await wait_for(loser, "move_made", room)).state
        if state.outcome is None:
            await loser.resign(room)
        await wait_for(winner, "game_over", room)
        if game in checkpoints:
            paired.append(await rating_of(net, "pair5a", "kalah_4"))
        if game < sizes.games:
            await drain(winner)
            await drain(loser)
            await asyncio.sleep(0.15)  # under the frame rate, as above
            await winner.rematch(room)
            await loser.rematch(room)
    worst = max(abs((r or 1500) - 1500) for r in farmed + paired)
    point.verdict = "held" if worst <= FARM_MARGIN else "broken"
    after = "/".join(str(c) for c in checkpoints)
    point.measured = (f"farmer beating fresh identities that resign at move 0, rating after {after} games: "
                      f"{' / '.join(str(r) for r in farmed)}; one pair's rematches (4 moves, then a resignation): "
                      f"{' / '.join(str(r) for r in paired)} (near 1500: within {FARM_MARGIN})")
    point.numbers = {"after_games": checkpoints, "farmer": farmed, "pair": paired}


# ---- 6. identity flood and look-alike names -------------------------------------------------


async def identity_flood(net: Net, sizes: Sizes, point: Point) -> None:
    flood = net.fresh()
    sockets = [await net.client(f"flood{i}", flood) for i in range(10)]
    made: Counter[str] = Counter()
    began = time.monotonic()

    async def register(client: MancalaClient) -> None:
        for _ in range(20):  # 10 sockets x 20: 200 from one address, at the frame rate
            made[await code_of(client.request({"type": "identify"}))] += 1
            await asyncio.sleep(1 / FRAMES_PER_SECOND)

    await asyncio.gather(*(register(s) for s in sockets))
    allowed = REGISTER_BURST + (time.monotonic() - began) * REGISTER_RATE + 1
    await net.player("ann")
    look_alikes = {"Cyrillic a": "\u0430nn", "fullwidth": "\uff41\uff4e\uff4e", "U+3164": "ann\u3164"}
    refused = {label: await code_of((await net.client("guest")).request({"type": "identify", "name": name}))
               for label, name in look_alikes.items()}
    talker = await net.client("talker")
    talk = await talker.create_room("kalah_4", public=False)
    lines = {"zero width space": "hi\u200b there", "U+3164 x 300": "\u3164" * 300}
    chat = {label: await code_of(talker.request({"type": "chat", "room": talk.room, "text": text}))
            for label, text in lines.items()}
    plain = await code_of(talker.request({"type": "chat", "room": talk.room, "text": "good game"}))
    held = made["ok"] <= allowed and all(code != "ok" for code in refused.values()) \
        and all(code != "ok" for code in chat.values()) and plain == "ok"
    point.verdict = "held" if held else "broken"
    point.measured = (f"{made['ok']} of 200 registrations from one address (burst {REGISTER_BURST}, then 1 a "
                      f"minute); beside \"ann\": " + ", ".join(f"{k} {v}" for k, v in refused.items())
                      + "; chat: " + ", ".join(f"{k} {v}" for k, v in chat.items()) + f", plain line {plain}")
    point.numbers = {"registrations": dict(made), "look_alikes": refused, "chat": chat, "plain": plain}


# ---- 7. spectators whisper / private games leak --------------------------------------------


async def whispers_and_leaks(net: Net, sizes: Sizes, point: Point) -> None:
    ann, bob, cy = await net.client("ann7"), await net.client("bob7"), await net.client("cy7")
    granted = await ann.create_room("kalah_4", seat=0)
    game = (await wait_for(ann, "room_state", granted.room)).game_id
    await bob.join(granted.room)
    await cy.spectate(granted.room)
    await ann.request({"type": "chat", "room": granted.room, "text": "good luck"})
    await cy.request({"type": "chat", "room": granted.room, "text": "play hole c"})
    _, during, _ = await net.get(f"/api/games/{game}/chat", net.reader)
    await bob.ping()  # whatever was said to Bob has come before this answer
    heard_by_bob = [e.text for e in await drain(bob) if e.type == "chat_message"]
    await bob.resign(granted.room)
    await wait_for(ann, "game_over", granted.room)
    _, after, _ = await net.get(f"/api/games/{game}/chat", net.reader)
    whispered = "play hole c" in [line["text"] for line in during["chat"]] or "play hole c" in heard_by_bob
    told_after = "play hole c" in [line["text"] for line in after["chat"]]
    # a private game: its player's page and its id alone
    pat = await net.player("pat7")
    private = await pat.create_room("kalah_4", computer=0, seat=0, public=False)
    state = await wait_for(pat, "room_state", private.room)
    await pat.resign(private.room)
    await wait_for(pat, "game_over", private.room)
    _, profile, _ = await net.get("/api/players/pat7", net.reader)
    listed = [g for g in profile["games"] if g["id"] == state.game_id]
    linked = bool(listed) and ("url" in listed[0] or not listed[0].get("private"))
    by_id = {tail or "/": (await net.get(f"/api/games/{state.game_id}{tail}", net.reader))[0]
             for tail in ("", "/positions", "/chat", "/record.txt")}
    with_key = (await net.get(f"/api/games/{state.game_id}?key={state.share_key}", net.reader))[0]
    held = not whispered and told_after and not linked and set(by_id.values()) == {404} and with_key == 200
    point.verdict = "held" if held else "broken"
    point.measured = (f"spectator's line in the stored chat during the game: {'YES' if whispered else 'no'}, "
                      f"after it: {'yes' if told_after else 'NO'}; private game on its player's page: "
                      f"{'with a link' if linked else 'no link' if listed else 'not listed'}; by id without "
                      f"the key: " + ", ".join(f"{k} {v}" for k, v in by_id.items()) + f"; with it: {with_key}")
    point.numbers = {"whispered": whispered, "told_after": told_after, "listed": bool(listed),
                     "linked": linked, "by_id": by_id, "with_key": with_key}


# ---- 9. spam --------------------------------------------------------------------------------


async def spam(net: Net, sizes: Sizes, point: Point) -> None:
    # challenges from one socket, round the targets, at 20 a second
    targets = [f"target9x{i}" for i in range(8)]
    for name in targets:
        await net.player(name)
    sender = await net.player("sender9")
    one: Counter[str] = Counter()
    for i in range(sizes.challenges_one):
        one[await code_of(sender.request({"type": "challenge", "to": targets[i % len(targets)],
                                          "variant": "kalah_4"}))] += 1
        await asyncio.sleep(0.05)
    # many identities, each from an address of its own, at one victim
    victim = await net.player("victim9")
    crowd = [await net.player(f"crowd9x{i}") for i in range(sizes.identities)]
    many: Counter[str] = Counter()

    async def flood(client: MancalaClient) -> None:
        for _ in range(sizes.challenges_each):
            many[await code_of(client.request({"type": "challenge", "to": "victim9", "variant": "kalah_4"}))] += 1
            await asyncio.sleep(1 / FRAMES_PER_SECOND)

    await asyncio.gather(*(flood(c) for c in crowd))
    await victim.ping()
    told = sum(1 for e in await drain(victim) if e.type == "challenge")

    # chat over many rooms from one socket
    hosts = [await net.client(f"host9x{i}") for i in range((sizes.chat_rooms + 4) // 5)]
    rooms = [(await hosts[i // 5].create_room("kalah_4")).room for i in range(sizes.chat_rooms)]
    talker = await net.client("talker9")
    for room in rooms:
        await talker.spectate(room)
    began = time.monotonic()
    over_rooms: Counter[str] = Counter()
    for _ in range(5):
        for room in rooms:
            over_rooms[await code_of(talker.request({"type": "chat", "room": room, "text": "buy now"}))] += 1
            await asyncio.sleep(1 / FRAMES_PER_SECOND)
    rooms_bound = CHAT_BURST + (time.monotonic() - began) * CHAT_RATE + 1
    # chat from many sockets of one address, all in one room
    household = net.fresh()
    sockets = [await net.client(f"sock9x{i}", household) for i in range(sizes.chat_sockets)]
    for client in sockets:
        await client.spectate(rooms[0])
    began = time.monotonic()
    over_sockets: Counter[str] = Counter()

    async def say_three(client: MancalaClient) -> None:
        for _ in range(3):  # under one person's burst: only the address's allowance can stop them
            over_sockets[await code_of(client.request({"type": "chat", "room": rooms[0], "text": "spam"}))] += 1

    await asyncio.gather(*(say_three(c) for c in sockets))
    sockets_bound = CHAT_ADDRESS_BURST + (time.monotonic() - began) * CHAT_ADDRESS_RATE + 1
    # a muted guest who says hello under another name
    host, ann, troll = await net.client("host9"), await net.client("ann9"), await net.client("troll")
    muted_room = (await host.create_room("kalah_4", seat=0)).room
    await ann.spectate(muted_room)
    await troll.spectate(muted_room)
    await troll.request({"type": "chat", "room": muted_room, "text": "first"})
    await ann.request({"type": "mute", "room": muted_room, "name": "troll"})
    await troll.request({"type": "hello", "name": "nice person"})
    await troll.request({"type": "chat", "room": muted_room, "text": "still me"})
    await ann.request({"type": "chat", "room": muted_room, "text": "hello all"})
    heard = [e.text for e in await drain(ann) if e.type == "chat_message"]
    muted = "still me" not in heard and "hello all" in heard
    held = one["ok"] <= CHALLENGES_OPEN_BY + 1 and many["ok"] <= CHALLENGES_OPEN_TO \
        and told <= CHALLENGES_OPEN_TO and over_rooms["ok"] <= rooms_bound \
        and over_sockets["ok"] <= sockets_bound and muted
    point.verdict = "held" if held else "broken"
    total_many = sizes.identities * sizes.challenges_each
    point.measured = (f"challenges: {one['ok']} of {sizes.challenges_one} from one socket in "
                      f"{sizes.challenges_one / 20:.0f} s (bound {CHALLENGES_OPEN_BY + 1}), {many['ok']} of "
                      f"{total_many} from {sizes.identities} identities at one player, who heard {told} (bound "
                      f"{CHALLENGES_OPEN_TO}); chat: {over_rooms['ok']} of {5 * len(rooms)} lines over "
                      f"{len(rooms)} rooms from one socket (bound {rooms_bound:.0f}), {over_sockets['ok']} of "
                      f"{3 * len(sockets)} from {len(sockets)} sockets of one address (bound "
                      f"{sockets_bound:.0f}); muted guest after a new hello: "
                      f"{'still muted' if muted else 'HEARD'}")
    point.numbers = {"one_socket": dict(one), "many_identities": dict(many), "victim_told": told,
                     "chat_over_rooms": dict(over_rooms), "chat_over_sockets": dict(over_sockets),
                     "still_muted": muted}
