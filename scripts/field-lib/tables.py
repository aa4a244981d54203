"""A `.strings` table and a schema file read as CoreFoundation reads them, independently of
settings-l10n's own Swift readers, so that scripts/check-field can hold the tool's answers
against it.

The old-style reader follows swift-corelibs-foundation's CFOldStylePList.c
(`__CFCreateOldStylePropertyListOrStringsFile`): white space is 9-13, space, U+2028 and U+2029;
`//` and `/* */` comments (an unterminated `/*` ends the file); quoted strings with `\\n`-style,
octal and `\\U` escapes (up to four hexadecimal digits); unquoted words of
`[A-Za-z0-9_$/:.-]`; `"k";` means k = k; a missing `;` fails the whole table; after a complete
entry, a character that cannot start a key ends the table silently (what came before is kept).
A table is also read in property-list form: an old-style `{ … }` dictionary, an XML or a binary
property list. Keys are Python strings, compared by code point, which for valid Unicode is
CFString's comparison of UTF-16 code units (no normalization): `Café` in NFC and in NFD are two
keys. A key given twice keeps its last value, as CFDictionary does.

Encodings (/work/shared/facts.md, the tool's contract): UTF-8 with or without its byte-order
mark, UTF-16 with one; UTF-16 without a byte-order mark, bytes that are not UTF-8, and an empty
file are unreadable (None).
"""
import plistlib

WHITE = {9, 10, 11, 12, 13, 32, 0x2028, 0x2029}
UNQUOTED = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$/:.-")
ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", '"': '"', "\n": "\n"}


class Unreadable(Exception):
    pass


def decode(raw):
    """The text of a table's bytes, or None where CoreFoundation cannot read it."""
    if raw[:3] == b"\xef\xbb\xbf":
        raw = raw[3:]
    elif raw[:2] == b"\xff\xfe":
        return _decode(raw[2:], "utf-16-le")
    elif raw[:2] == b"\xfe\xff":
        return _decode(raw[2:], "utf-16-be")
    elif len(raw) >= 2 and (raw[0] == 0 or raw[1] == 0):
        return None  # UTF-16 without a byte-order mark
    return _decode(raw, "utf-8")


def _decode(raw, encoding):
    try:
        return raw.decode(encoding, errors="surrogatepass" if encoding.startswith("utf-16") else "strict")
    except UnicodeDecodeError:
        return None


class Parser:
    def __init__(self, text):
        self.text = text
        self.at = 0

    def skip(self):
        """Past white space and comments; False at the end."""
        text, n = self.text, len(self.text)
        while self.at < n:
            ch = text[self.at]
            if ord(ch) in WHITE:
                self.at += 1
            elif ch == "/" and text.startswith("//", self.at):
                while self.at < n and text[self.at] not in "\n\r\u2028\u2029":
                    self.at += 1
            elif ch == "/" and text.startswith("/*", self.at):
                end = text.find("*/", self.at + 2)
                self.at = n if end < 0 else end + 2
            else:
                return True
        return False

    def quoted(self, quote):
        text, n, parts = self.text, len(self.text), []
        start = self.at
        while self.at < n and text[self.at] != quote:
            ch = text[self.at]
            self.at += 1
            if ch != "\\":
                parts.append(ch)
                continue
            if self.at >= n:
                break
            ch = text[self.at]
            self.at += 1
            if ch in "01234567":
                digits = ch
                while len(digits) < 3 and self.at < n and text[self.at] in "01234567":
                    digits += text[self.at]
                    self.at += 1
                parts.append(chr(int(digits, 8) & 0xFF))
            elif ch == "U":
                digits = ""
                while len(digits) < 4 and self.at < n and text[self.at] in "0123456789abcdefABCDEF":
                    digits += text[self.at]
                    self.at += 1
                code = int(digits, 16) if digits else 0
                # A lone surrogate reads as U+FFFD (the tool's documented reading).
                parts.append("\ufffd" if 0xD800 <= code <= 0xDFFF else chr(code))
            else:
                parts.append(ESCAPES.get(ch, ch))
        if self.at >= n:
            raise Unreadable(f"unterminated quoted string from offset {start}")
        self.at += 1
        return "".join(parts)

    def string(self):
        """A key: quoted or unquoted, or None where none starts here."""
        if not self.skip():
            return None
        ch = self.text[self.at]
        if ch in "\"'":
            self.at += 1
            return self.quoted(ch)
        if ch in UNQUOTED:
            return self.word()
        return None

    def word(self):
        start = self.at
        while self.at < len(self.text) and self.text[self.at] in UNQUOTED:
            self.at += 1
        return self.text[start:self.at]

    def value(self, required=True):
        if not self.skip():
            if required:
                raise Unreadable("unexpected end")
            return None
        ch = self.text[self.at]
        self.at += 1
        if ch == "{":
            result = self.dictionary()
            if not self.skip() or self.text[self.at] != "}":
                raise Unreadable("expected }")
            self.at += 1
            return result
        if ch == "(":
            return self.array()
        if ch == "<":
            end = self.text.find(">", self.at)
            if end < 0:
                raise Unreadable("expected >")
            data = "".join(self.text[self.at:end].split())
            self.at = end + 1
            try:
                return bytes.fromhex(data)
            except ValueError:
                raise Unreadable("malformed data")
        if ch in "\"'":
            return self.quoted(ch)
        self.at -= 1
        if ch in UNQUOTED:
            return self.word()
        if required:
            raise Unreadable(f"unexpected character {ch!r}")
        return None

    def array(self):
        items = []
        item = self.value(required=False)
        while item is not None:
            items.append(item)
            if not self.skip():
                raise Unreadable("expected , in array")
            if self.text[self.at] != ",":
                break
            self.at += 1
            item = self.value(required=False)
        if not self.skip() or self.text[self.at] != ")":
            raise Unreadable("expected )")
        self.at += 1
        return items

    def dictionary(self):
        result = {}
        key = self.string()
        while key is not None:
            if not self.skip():
                raise Unreadable("missing ;")
            if self.text[self.at] == ";":
                value = key
            elif self.text[self.at] == "=":
                self.at += 1
                value = self.value()
            else:
                raise Unreadable("expected ; or = after a key")
            result.pop(key, None)  # the last value wins, in its place
            result[key] = value
            if not self.skip() or self.text[self.at] != ";":
                raise Unreadable("missing ;")
            self.at += 1
            key = self.string()
        return result


def old_style(text):
    """A property list or strings file in old-style form (raises Unreadable)."""
    if text == "":
        raise Unreadable("empty")
    parser = Parser(text)
    if not parser.skip():
        return {}
    result = parser.value()
    if parser.skip():
        if not isinstance(result, str):
            raise Unreadable("junk after the property list")
        parser.at = 0
        result = parser.dictionary()
    return result


def read_plist(raw):
    """A property list in any form CoreFoundation reads (raises Unreadable)."""
    stripped = raw.lstrip()
    if raw.startswith(b"bplist00") or stripped.startswith(b"<?xml") or stripped.startswith(b"<!DOCTYPE") or stripped.startswith(b"<plist"):
        try:
            return plistlib.loads(raw)
        except Exception as error:  # plistlib raises several kinds
            raise Unreadable(str(error))
    text = decode(raw)
    if text is None:
        raise Unreadable("not in an encoding CoreFoundation reads")
    return old_style(text)


def read_table(raw):
    """A table's entries, key to value, as the device reads them; None when it cannot."""
    if raw == b"":
        return None
    if raw.startswith(b"bplist00") or raw.lstrip().startswith((b"<?xml", b"<!DOCTYPE", b"<plist")):
        try:
            table = plistlib.loads(raw)
        except Exception:
            return None
    else:
        text = decode(raw)
        if text is None:
            return None
        try:
            table = old_style(text)
        except Unreadable:
            return None
    return table if isinstance(table, dict) else None
