import Foundation
import Testing
@testable import MyMoneyCore
import MyMoneyTestSupport

/// The streaming JSON writer against its plain twin, the tree (`JSONValue.serialized`), and
/// against Foundation's parser.
@Suite("JSON writer")
struct JSONWriterTests {
    static let pool: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{1B}", "\u{07}", "\u{0}", "\u{1F}",
                                         "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "\u{C2}", "é", "€", "\u{2028}", "😀", "\u{100}"]

    static func randomText(_ random: inout SeededGenerator, length: Int = 10) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...length, using: &random) { scalars.append(pool.randomElement(using: &random)!) }
        return String(scalars)
    }

    static func randomValue(_ random: inout SeededGenerator, depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 5 : 8), using: &random) {
        case 0: return .string(randomText(&random))
        case 1: return .number(String(Int.random(in: -1_000_000...1_000_000, using: &random)))
        case 2: return .bool(Bool.random(using: &random))
        case 3: return .null
        case 4: return .string("")
        case 5, 6:
            return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            return .object((0..<Int.random(in: 0...4, using: &random)).map { _ in
                (randomText(&random, length: 5), randomValue(&random, depth: depth + 1))
            })
        }
    }

    /// Writes `value` through the writer's own calls (not `value(_:)`), as a streaming renderer does.
    static func stream(_ value: JSONValue, into json: inout JSONWriter) {
        switch value {
        case .string(let s): json.string(s)
        case .number(let n):
            if let i = Int64(n) { json.int(i) } else { json.number(n) }
        case .bool(let b): json.bool(b)
        case .null: json.null()
        case .array(let items):
            json.beginArray()
            for item in items { stream(item, into: &json) }
            json.endArray()
        case .object(let members):
            json.beginObject()
            for (k, v) in members { json.key(k); stream(v, into: &json) }
            json.endObject()
        }
    }

    static func written(_ value: JSONValue, pretty: Bool) -> String {
        let sink = CollectedBytes()
        var json = JSONWriter(into: sink, pretty: pretty)
        stream(value, into: &json)
        json.finish()
        return sink.text
    }

    @Test func streamedBytesEqualTheTreesForRandomDocuments() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let value = Self.randomValue(&random, depth: 0)
            for pretty in [true, false] {
                let streamed = Self.written(value, pretty: pretty)
                #expect(streamed == value.serialized(pretty: pretty))
            }
        }
    }

    @Test func foundationReadsBackWhatWasWritten() throws {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            let members: [(String, JSONValue)] = (0..<5).map { i in ("k\(i)", .string(Self.randomText(&random, length: 20))) }
            let text = Self.written(.object(members), pretty: true)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
            for (key, value) in members {
                guard case .string(let s) = value else { continue }
                #expect(object[key] == s, "\(Array(s.unicodeScalars.map(\.value)))")
            }
        }
    }

    /// The byte escaper against the scalar one on every character of the pool, alone and in runs.
    @Test func byteEscapingAgreesWithScalarEscaping() {
        for scalar in Self.pool {
            let text = "x" + String(scalar) + "y"
            let sink = CollectedBytes()
            var out = BufferedOutput(sink)
            JSONEscaping.write(text, into: &out)
            out.flush()
            #expect(sink.text == JSONEscaping.plain(text), "U+\(String(scalar.value, radix: 16))")
        }
        #expect(Self.written(.string("a\u{1B}b\u{9B}c\u{7F}\u{C2}"), pretty: false) == "\"a\\u001bb\\u009bc\\u007f\u{C2}\"")
    }

    @Test func textLongerThanTheBufferIsWrittenWholeAndInOrder() {
        let long = String(repeating: "abc\"é", count: 40_000)
        let value = JSONValue.array([.string(long), .number("1"), .string(long)])
        #expect(Self.written(value, pretty: true) == value.serialized(pretty: true))
    }

    @Test func emptyContainersAreWrittenOnOneLine() {
        #expect(Self.written(.object([("a", .array([])), ("b", .object([]))]), pretty: true) == "{\n  \"a\": [],\n  \"b\": {}\n}")
    }

    /// Elements written aside (at the same depth) and joined later give the same document.
    @Test func elementsWrittenAsideJoinIntoTheArray() {
        let items: [JSONValue] = [.object([("id", .number("1"))]), .string("two"), .array([.null])]
        let expected = JSONValue.object([("rows", .array(items)), ("n", .number("3"))]).serialized()
        let aside = CollectedBytes()
        var part = JSONWriter(into: aside, insideArraysOfDepth: 2)
        for item in items { part.value(item) }
        part.finish()
        let sink = CollectedBytes()
        var json = JSONWriter(into: sink)
        json.beginObject()
        json.key("rows")
        json.beginArray()
        json.appendElements({ out in aside.bytes.withUnsafeBytes { out.write($0) } }, count: items.count)
        json.endArray()
        json.key("n")
        json.int(3)
        json.endObject()
        json.finish()
        #expect(sink.text == expected)
    }

    @Test func decimalsWithoutStrings() {
        for value: Int64 in [0, 7, -7, 10, 1_000_000, Int64.max, Int64.min, -1] {
            #expect(Self.written(.array([.number(String(value))]), pretty: false) == "[\(value)]")
        }
    }
}

/// Days and amounts written as bytes against their `description`.
@Suite("output values")
struct OutputValueTests {
    static func bytes(_ body: (inout BufferedOutput) -> Void) -> String {
        let sink = CollectedBytes()
        var out = BufferedOutput(sink)
        body(&out)
        out.flush()
        return sink.text
    }

    @Test func daysAsBytesEqualTheirDescription() {
        for days in stride(from: Int32(-800_000), through: 2_950_000, by: 997) {
            let day = Day(daysSinceEpoch: days)
            #expect(Self.bytes { $0.write(day: day) } == day.description)
        }
        for day in [Day(year: 1, month: 1, day: 1)!, Day(year: 9999, month: 12, day: 31)!, Day(year: 2024, month: 2, day: 29)!] {
            #expect(Self.bytes { $0.write(day: day) } == day.description)
        }
    }

    @Test func amountsAsBytesEqualTheirDescription() {
        var random = SeededGenerator(seed: 3)
        var amounts: [Amount] = [.zero, Amount(units: Int64.max, scale: 0), Amount(units: Int64.min, scale: 0),
                                 Amount(units: Int64.min, scale: 18), Amount(units: 5, scale: 18), Amount(units: -5, scale: 2),
                                 Amount(units: 660, scale: 2), Amount(units: 0, scale: 3), Amount(units: -100, scale: 2)]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 0...18, using: &random)
            let units = Int64.random(in: -1_000_000_000...1_000_000_000, using: &random) * (digits > 9 ? 1 : 1)
            amounts.append(Amount(units: Bool.random(using: &random) ? units : Int64.random(in: Int64.min...Int64.max, using: &random),
                                  scale: digits))
        }
        for a in amounts {
            #expect(Self.bytes { $0.write(amount: a) } == a.description, "\(a.units) scale \(a.scale)")
        }
    }

    /// `key(plain:)`, the writers' shortcut for names in the program, writes what `key(_:)` writes,
    /// also for a name that needs escaping; indentation deeper than the kept run of spaces too.
    @Test func plainKeysAndDeepIndentationAreTheTreesBytes() {
        let sink = CollectedBytes()
        var json = JSONWriter(into: sink)
        for _ in 0..<70 { json.beginArray() }
        json.beginObject()
        json.key(plain: "amount"); json.string("1.00")
        json.key(plain: "say \"hi\"\n"); json.int(1)
        json.endObject()
        for _ in 0..<70 { json.endArray() }
        json.finish()
        var tree = JSONValue.object([("amount", .string("1.00")), ("say \"hi\"\n", .int(1))])
        for _ in 0..<70 { tree = .array([tree]) }
        #expect(sink.text == tree.serialized())
    }

    /// Many objects of plain keys, pretty and compact, past several 64 KiB buffers: a key written
    /// at once with its comma and indentation is what the tree holds, also across a flush.
    @Test func plainKeysPastManyBuffersAreTheTreesBytes() {
        for pretty in [true, false] {
            let sink = CollectedBytes()
            var json = JSONWriter(into: sink, pretty: pretty)
            var rows: [JSONValue] = []
            json.beginObject()
            json.key(plain: "rows")
            json.beginArray()
            for n in 0..<9_000 {
                json.beginObject()
                json.key(plain: "id"); json.int(Int64(n))
                json.key(plain: "payee"); json.string("Shop \(n)")
                json.key(plain: "tags"); json.beginArray(); json.endArray()
                json.endObject()
                rows.append(.object([("id", .int(n)), ("payee", .string("Shop \(n)")), ("tags", .array([]))]))
            }
            json.endArray()
            json.endObject()
            json.finish()
            let text = JSONValue.object([("rows", .array(rows))]).serialized(pretty: pretty)
            #expect(text.utf8.count > 3 * BufferedOutput.capacity || !pretty)
            #expect(sink.text == text)
        }
    }

    /// Keys made once (`JSONMemberKeys`) write what the plain `key(_:)` writes: pretty and compact,
    /// the first member without its comma, names that need escaping, past several 64 KiB buffers,
    /// and at a depth other than the one they were made for (the plain key then) or after a key.
    @Test func memberKeysMadeOnceAreThePlainKeysBytes() {
        let names = ["id", "say \"hi\"\n", "", "Müller €", "\u{1B}x", "tags"]
        var random = SeededGenerator(seed: 41)
        for pretty in [true, false] {
            for madeFor in [3, 2, 4] {
                let sink = CollectedBytes()
                var json = JSONWriter(into: sink, pretty: pretty)
                let keys = JSONMemberKeys(names, depth: madeFor, pretty: pretty)
                var rows: [JSONValue] = []
                json.beginObject()
                json.key("rows")
                json.beginArray()
                for n in 0..<4_000 {
                    json.beginObject()
                    var members: [(String, JSONValue)] = []
                    // Some members left out, so that any of them may come first.
                    for (number, name) in names.enumerated() where Int.random(in: 0..<3, using: &random) > 0 {
                        json.key(keys, number)
                        json.int(Int64(n))
                        members.append((name, .int(n)))
                    }
                    json.endObject()
                    rows.append(.object(members))
                }
                json.endArray()
                json.endObject()
                json.finish()
                let text = JSONValue.object([("rows", .array(rows))]).serialized(pretty: pretty)
                #expect(text.utf8.count > 2 * BufferedOutput.capacity)
                #expect(sink.text == text, "pretty \(pretty), made for depth \(madeFor)")
            }
        }
        // Made for the other layout: the plain key.
        let sink = CollectedBytes()
        var json = JSONWriter(into: sink, pretty: false)
        json.beginObject()
        json.key(JSONMemberKeys(["a", "b"], depth: 1, pretty: true), 1)
        json.null()
        json.endObject()
        json.finish()
        #expect(sink.text == #"{"b":null}"#)
    }

    /// The eight-bytes-at-a-time check for text that needs no escape against a byte-by-byte
    /// one, and the escaper with it against its byte-by-byte twin, on random bytes of every
    /// length to 40 (not always UTF-8) from a pool of every kind of byte that matters.
    @Test func plainASCIICheckAgreesWithTheByteByByteEscaper() {
        let pool: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x41, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0x9F,
                             0xC2, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xFF, 0x61, 0x7A, 0x30]
        var random = SeededGenerator(seed: 23)
        var plainSeen = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &random)
            // Mostly letters, so long runs that need no escape come up with a byte that does here and there.
            let bytes: [UInt8] = (0..<length).map { _ in
                Int.random(in: 0..<4, using: &random) == 0 ? pool.randomElement(using: &random)! : UInt8.random(in: 0x20...0x7E, using: &random)
            }
            let expected = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
            bytes.withUnsafeBufferPointer { b in
                #expect(JSONEscaping.isPlainASCII(b) == expected, "\(bytes)")
                if expected { plainSeen += 1 }
                let fast = CollectedBytes(), plain = CollectedBytes()
                var f = BufferedOutput(fast), p = BufferedOutput(plain)
                JSONEscaping.write(unchecked: b, into: &f)
                let decoded = Array(String(decoding: b, as: UTF8.self).utf8)
                decoded.withUnsafeBufferPointer { JSONEscaping.writeEscaping($0, into: &p) }
                f.flush()
                p.flush()
                #expect(fast.text == plain.text, "\(bytes)")
            }
        }
        #expect(plainSeen > 1_000)
    }
}
