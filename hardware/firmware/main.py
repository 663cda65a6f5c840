# Tablecup reference firmware for a Raspberry Pi Pico / Pico W (MicroPython).
#
# Speaks the Tablecup serial protocol, version 2 (docs/serial-protocol.md)
# over the Pico's USB serial port:
#   board -> host  $HELLO,2,<board_id>,<firmware>*CS   at boot and on WHO
#                  $HB,<uptime_ms>*CS                  every second
#                  $BTN,<primary|secondary|toss>,<light|dark|->,<down|up>,<uptime_ms>*CS
#                  $ACK,LED*CS / $ERR,<reason>*CS
#   host -> board  $WHO*CS
#                  $LED,<light|dark>,<on|off|blink|pulse|flash>,<0-100>[,<count>]*CS
#
# Buttons are reported raw (every edge, sampled about every millisecond);
# the host debounces.  Wiring (see README.md in this folder):
#   GP2 primary LIGHT, GP3 primary DARK, GP4 flag toss, GP5 secondary LIGHT,
#   GP6 secondary DARK -- each to GND (internal pull-ups; a button that is not
#   fitted simply never reports); GP14 LED LIGHT, GP15 LED DARK -- each via a
#   resistor to GND.
#
# This file is self-contained on purpose (it shares no code with the host).
# Only main() touches the hardware, so the pure helpers above it can be
# checked on a PC.

import sys

FIRMWARE_VERSION = "2.0"
PROTOCOL_VERSION = 2
HEARTBEAT_MS = 1000
MAX_LINE = 120

# (button, side, GP number); side "-" = no side
BUTTON_PINS = (
    ("primary", "light", 2),
    ("primary", "dark", 3),
    ("toss", "-", 4),
    ("secondary", "light", 5),
    ("secondary", "dark", 6),
)
LED_PINS = (("light", 14), ("dark", 15))
PWM_FREQ = 1000

LED_MODES = ("on", "off", "blink", "pulse", "flash")
# Period of one cycle in ms for the animated modes.
PERIOD_MS = {"blink": 1000, "flash": 200, "pulse": 2000}
HEX = "0123456789abcdefABCDEF"


def checksum(body):
    value = 0
    for ch in body:
        value ^= ord(ch)
    return f"{value:02X}"


def frame(body):
    return "$" + body + "*" + checksum(body) + "\n"


def parse_line(line):
    """Return the fields of a framed line; raise ValueError(reason)."""
    line = line.rstrip("\r\n")
    if not line:
        raise ValueError("empty line")
    if len(line) > MAX_LINE:
        raise ValueError("line too long")
    if line[0] != "$":
        raise ValueError("no start marker")
    star = line.rfind("*")
    if star < 0:
        raise ValueError("no checksum")
    body = line[1:star]
    cs = line[star + 1:]
    if len(cs) != 2 or cs[0] not in HEX or cs[1] not in HEX:
        raise ValueError("bad checksum field")
    if "$" in body or "*" in body:
        raise ValueError("bad framing")
    for ch in body:
        if ch < " " or ch > "~":
            raise ValueError("control character")
    if cs.upper() != checksum(body):
        raise ValueError("bad checksum")
    return body.split(",")


def hello_line(board_id):
    return frame(f"HELLO,{PROTOCOL_VERSION:d},{board_id},{FIRMWARE_VERSION}")


def button_line(button, side, pressed, uptime_ms):
    state = "down" if pressed else "up"
    return frame(f"BTN,{button},{side},{state},{uptime_ms:d}")


def heartbeat_line(uptime_ms):
    return frame(f"HB,{uptime_ms:d}")


def error_line(reason):
    clean = ""
    for ch in reason:
        clean += ch if (" " <= ch <= "~" and ch not in ",*$") else " "
    return frame("ERR," + (clean or "error"))


def led_level(mode, percent, count, elapsed_ms):
    """Brightness in percent (0..100) of an LED ``elapsed_ms`` after its
    command.  ``count`` cycles of an animated mode, then off (0 = forever)."""
    if mode == "on":
        return percent
    if mode not in PERIOD_MS:
        return 0
    period = PERIOD_MS[mode]
    if count and elapsed_ms >= count * period:
        return 0
    phase = elapsed_ms % period
    half = period // 2
    if mode == "pulse":  # triangle: fade in, fade out
        ramp = phase if phase < half else period - phase
        return percent * ramp // half
    return percent if phase < half else 0


def parse_uint(text, limit):
    if not text or not text.isdigit():
        raise ValueError("not a number: " + text)
    value = int(text)
    if value > limit:
        raise ValueError("out of range: " + text)
    return value


def handle_command(fields, leds, now_ms, board_id):
    """Apply one host command; return the lines to send back."""
    verb = fields[0]
    args = fields[1:]
    if verb == "WHO":
        return [hello_line(board_id)]
    if verb == "LED":
        if len(args) not in (3, 4):
            return [error_line("LED needs 3 or 4 fields")]
        side, mode = args[0], args[1]
        if side not in leds:
            return [error_line("unknown side " + side)]
        if mode not in LED_MODES:
            return [error_line("unknown mode " + mode)]
        try:
            percent = parse_uint(args[2], 100)
            count = parse_uint(args[3], 999) if len(args) == 4 else 0
        except ValueError as exc:
            return [error_line(str(exc))]
        leds[side] = (mode, percent, count, now_ms)
        return [frame("ACK,LED")]
    return [error_line("unknown verb " + verb)]


def handle_line(line, leds, now_ms, board_id):
    try:
        fields = parse_line(line)
    except ValueError as exc:
        if str(exc) == "empty line":
            return []
        return [error_line(str(exc))]
    return handle_command(fields, leds, now_ms, board_id)


def main():
    import select
    import time

    import machine

    board_id = "pico-" + "".join(f"{b:02x}" for b in machine.unique_id())
    buttons = []
    for button, side, gp in BUTTON_PINS:
        buttons.append((button, side, machine.Pin(gp, machine.Pin.IN, machine.Pin.PULL_UP)))
    pwms = {}
    for side, gp in LED_PINS:
        pwm = machine.PWM(machine.Pin(gp))
        pwm.freq(PWM_FREQ)
        pwm.duty_u16(0)
        pwms[side] = pwm
    # side -> (mode, percent, count, start uptime ms)
    leds = {side: ("off", 0, 0, 0) for side in pwms}

    def send(text):
        sys.stdout.write(text)

    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)

    uptime = 0
    last_ticks = time.ticks_ms()
    last_hb = 0
    pressed = [pin.value() == 0 for _, _, pin in buttons]
    buf = ""
    overflow = False
    send(hello_line(board_id))

    while True:
        ticks = time.ticks_ms()
        uptime += time.ticks_diff(ticks, last_ticks)
        last_ticks = ticks

        for i in range(len(buttons)):
            button, side, pin = buttons[i]
            now_pressed = pin.value() == 0
            if now_pressed != pressed[i]:
                pressed[i] = now_pressed
                send(button_line(button, side, now_pressed, uptime))

        while poller.poll(0):
            ch = sys.stdin.read(1)
            if ch == "\n":
                if overflow:
                    send(error_line("line too long"))
                else:
                    for reply in handle_line(buf, leds, uptime, board_id):
                        send(reply)
                buf = ""
                overflow = False
            elif len(buf) < MAX_LINE:
                buf += ch
            else:
                overflow = True

        if uptime - last_hb >= HEARTBEAT_MS:
            last_hb = uptime
            send(heartbeat_line(uptime))

        for side, pwm in pwms.items():
            mode, percent, count, start = leds[side]
            level = led_level(mode, percent, count, uptime - start)
            pwm.duty_u16(level * 65535 // 100)

        time.sleep_ms(1)


if sys.implementation.name == "micropython":
    main()
