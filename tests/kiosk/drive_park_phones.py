"""The real app at a café park of Wacky Challenge with three people: the seats panel of the phone
seat on no half, then a phone taking it.

    python drive_park_phones.py DATA_DIR ARTIFACTS_DIR COORDINATOR_URL PHONE_PORT
        ->   "PARK-PHONES-RESULT {...}"

The kiosk.db in DATA_DIR is paired with the coordinator and assigned to park 1 (the test wrote
it); the app resumes the tournament at start, as after a restart.  Once the park's table plays
and its seats panel is open: what the panel lists (the seat's player's name, its QR code) and a
screenshot (``park-phones-wacky-800x480-en``); then a phone (an HTTP request from another
thread, as a phone's browser makes it) brings the seat's code, and the panel says it is taken
and closes (a second screenshot, ``park-phones-wacky-taken-800x480-en``).
"""

import http.client
import threading

from app_driver import Driver, arguments, run_app

DATA, ART, COORD, PORT = arguments()
out: dict = {"error": None}


def hook(app):
    d = Driver(app, out, ART)

    def script():
        for _ in range(600):
            t = app.session.park_table()
            if t is not None and app.seat_qr.panel_open and app.seat_qr.listed:
                break
            yield 0.05
        else:
            ps = app.park_phones
            raise RuntimeError(f"no seats panel at the park: screen {app.sm.current}, phone seats "
                               f"{None if ps is None else (ps.active, ps.round_key(), ps.host, ps.server())}, "
                               f"panel {app.seat_qr.seats is ps, app.seat_qr.panel_open, app.seat_qr.listed}")
        yield 0.5
        ps = app.park_phones
        qr = app.seat_qr
        loose = ps.loose_seats()
        widgets = list(reversed(qr.ids.loose.children))
        out.update(screen=app.sm.current, game=t.game.name, panel_open=qr.panel_open, listed=qr.listed,
                   seats_are_the_parks=qr.seats is ps, loose=loose,
                   names=[w.name for w in widgets], with_code=[w.texture is not None and bool(w.url) for w in widgets],
                   players=[t.setup.players[q] for q in loose],
                   halves=[t.setup.players[t.seat_on(h)] for h in (0, 1)],
                   panel_box=[*qr.ids.panel.pos, *qr.ids.panel.size], window=list(app.root.size))
        d.shot("park-phones-wacky-800x480-en")
        code = widgets[0].url.rsplit("/t/", 1)[1]
        answer = {}

        def phone():
            conn = http.client.HTTPConnection("127.0.0.1", int(PORT), timeout=5)
            conn.request("GET", "/t/" + code)
            answer["status"] = conn.getresponse().status
            conn.close()
        threading.Thread(target=phone, daemon=True).start()
        for _ in range(200):
            if ps.taken(loose[0]) and not qr.panel_open:
                break
            yield 0.05
        yield 0.3
        out.update(phone_status=answer.get("status"), taken=ps.taken(loose[0]), panel_after=qr.panel_open,
                   news=qr.news)
        d.shot("park-phones-wacky-taken-800x480-en")
        d.finish()
    d.follow(script())


run_app(["--data", str(DATA), "--window", "800x480", "--coordinator", COORD, "--phone-port", PORT], hook, out,
        "PARK-PHONES-RESULT")
