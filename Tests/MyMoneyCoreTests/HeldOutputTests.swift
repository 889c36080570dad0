import Testing
import MyMoneyCore

/// `HeldOutput`: held bytes go out on release, are dropped on discard, and past the limit
/// everything goes out at once; after close nothing does.
@Suite("held output")
struct HeldOutputTests {
    static func write(_ text: String, _ sink: ByteSink) {
        var text = text
        text.withUTF8 { sink.write(UnsafeRawBufferPointer($0)) }
    }

    @Test func releasedBytesGoOutAndDiscardedOnesNever() {
        let target = CollectedBytes()
        let held = HeldOutput(target, limit: 100)
        Self.write("kept ", held)
        #expect(target.text == "")
        held.release()
        Self.write("dropped", held)
        held.discard()
        Self.write("also kept", held)
        held.release()
        #expect(target.text == "kept also kept")
        #expect(held.isHolding)
    }

    @Test func pastTheLimitEverythingGoesOutAndCannotBeTakenBack() {
        let target = CollectedBytes()
        let held = HeldOutput(target, limit: 8)
        Self.write("12345", held)
        #expect(!held.isCommitted)
        Self.write("6789", held)
        #expect(held.isCommitted)
        #expect(target.text == "123456789")
        Self.write("0", held)
        #expect(target.text == "1234567890")
        held.release()
        #expect(!held.isCommitted)
        Self.write("abc", held)
        #expect(target.text == "1234567890")
        held.release()
        #expect(target.text == "1234567890abc")
    }

    @Test func afterCloseNothingGoesOut() {
        let target = CollectedBytes()
        let held = HeldOutput(target, limit: 4)
        Self.write("123456", held)
        held.close()
        Self.write("more", held)
        held.release()
        #expect(target.text == "123456")
        #expect(held.isClosed && !held.isHolding)
    }
}
