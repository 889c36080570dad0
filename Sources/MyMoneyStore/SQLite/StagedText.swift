/// The UTF-8 bytes of the texts staged for one step of a prepared statement
/// (``PreparedStatement/stageText(_:_:)``), one after another in memory owned here, and where
/// each parameter's text lies in them.
///
/// Raw memory rather than two arrays: staging a text is one copy of its bytes and one slot
/// written, without the arrays' uniqueness checks and generic appends (about 150 instructions
/// a text; an import stages a dozen texts a row).
struct StagedText: ~Copyable {
    struct Slot {
        var index: Int32
        var count: Int32
        var start: Int
    }

    private var bytes: UnsafeMutablePointer<UInt8>
    private var byteCount = 0
    private var byteCapacity: Int
    private var slots: UnsafeMutablePointer<Slot>
    private var slotCount = 0
    private var slotCapacity: Int

    init() {
        byteCapacity = 4_096
        bytes = .allocate(capacity: byteCapacity)
        slotCapacity = 64
        slots = .allocate(capacity: slotCapacity)
    }

    deinit {
        bytes.deallocate()
        slots.deallocate()
    }

    /// Stages `value` as the text of parameter `index`.
    @inline(__always)
    mutating func append(_ index: Int32, _ value: String) {
        let start = byteCount
        let utf8 = value.utf8
        if utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            Array(utf8).withUnsafeBufferPointer { append($0) }
        }
        if slotCount == slotCapacity { growSlots() }
        slots[slotCount] = Slot(index: index, count: Int32(byteCount - start), start: start)
        slotCount += 1
    }

    @inline(__always)
    private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress, source.count > 0 else { return }
        if byteCount + source.count > byteCapacity { growBytes(to: byteCount + source.count) }
        (bytes + byteCount).update(from: base, count: source.count)
        byteCount += source.count
    }

    /// Calls `body` with each staged slot and the address of its text (valid during the call),
    /// then forgets everything staged.
    mutating func bindEach<R>(_ body: (UnsafePointer<CChar>, UnsafeBufferPointer<Slot>) -> R) -> R {
        let result = bytes.withMemoryRebound(to: CChar.self, capacity: max(1, byteCount)) { chars in
            body(UnsafePointer(chars), UnsafeBufferPointer(start: slots, count: slotCount))
        }
        byteCount = 0
        slotCount = 0
        return result
    }

    private mutating func growBytes(to needed: Int) {
        var capacity = byteCapacity * 2
        while capacity < needed { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: bytes, count: byteCount)
        bytes.deallocate()
        bytes = grown
        byteCapacity = capacity
    }

    private mutating func growSlots() {
        let capacity = slotCapacity * 2
        let grown = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        grown.update(from: slots, count: slotCount)
        slots.deallocate()
        slots = grown
        slotCapacity = capacity
    }
}
