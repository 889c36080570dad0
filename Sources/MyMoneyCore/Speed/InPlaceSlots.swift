import Foundation

/// Elements filled in place in memory the caller lends, for a result that two cores fill at
/// once: the caller makes the array (`Array(unsafeUninitializedCapacity:initializingWith:)`),
/// gives one core the slots from its start and the other those from a later index
/// (``init(_:from:blank:)``), and when both are done moves the second run down behind the first
/// (``take(moving:)``): no element is ever held twice, where a second array appended to the first
/// held the whole second run twice for the moment of the copy (a million-row CSV read: 100 MB).
///
/// Like ``InPlaceArrayBuilder``: each element is appended as a blank value and set through the
/// subscript's in-place access (`fill(&slots[i], …)`); the pages of the next ``populateCount``
/// elements are asked for in one call where at least 1 MB of room lies ahead (Linux). Indexes
/// count from the slots' own start.
///
/// What a caller must know: the slots never grow. The caller lends room for every element that
/// can come (a CSV read: one transaction at most a row), and appending beyond it stops the
/// program. The elements are the caller's to hand over (the array's initialized count) or to
/// destroy (``removeAll()``); the slots free nothing. Not thread-safe: one core a run of slots.
///
/// Access: SPI (`@_spi(Speed) import MyMoneyCore`), public for inlining (see ``InPlaceArrayBuilder``).
///
/// - Complexity: O(1) per append; ``take(moving:)`` moves the elements it takes once (a memmove).
@_spi(Speed) public struct InPlaceSlots<Element> {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    /// The first slot of this run, the next one, and the end of the room lent, in the caller's buffer.
    @usableFromInline let start: Int
    @usableFromInline var next: Int
    @usableFromInline let end: Int
    /// Slots below this index lie in memory already asked for.
    @usableFromInline var populatedUntil: Int
    @usableFromInline let blank: Element

    public static var populateCount: Int { InPlaceArrayBuilder<Element>.populateCount }

    /// The slots of `buffer` from `start` to its end, empty; appended elements start as `blank`.
    public init(_ buffer: UnsafeMutableBufferPointer<Element>, from start: Int = 0, blank: Element) {
        precondition(start >= 0 && start <= buffer.count, "slots from \(start) in a buffer of \(buffer.count)")
        // A buffer of no room may have no address; nothing is ever written through it then.
        base = buffer.baseAddress ?? UnsafeMutablePointer<Element>(bitPattern: MemoryLayout<Element>.alignment)!
        self.start = start
        next = start
        end = buffer.count
        populatedUntil = start
        self.blank = blank
    }

    /// The elements appended so far.
    public var count: Int { next - start }
    public var isEmpty: Bool { next == start }
    /// The slots still free.
    public var room: Int { end - next }

    /// The element at `index` (from this run's start), read (`slots[i].amount` copies no other
    /// field) or set in place.
    @inlinable
    public subscript(index: Int) -> Element {
        _read {
            precondition(index >= 0 && index < count, "slot \(index) of \(count)")
            yield base[start + index]
        }
        _modify {
            precondition(index >= 0 && index < count, "slot \(index) of \(count)")
            yield &base[start + index]
        }
    }

    /// Appends a blank element and returns its index, for setting it in place through the subscript.
    @inlinable
    public mutating func appendBlank() -> Int {
        precondition(next < end, "no slot left: \(end - start) lent")
        if next >= populatedUntil { populateAhead() }
        (base + next).initialize(to: blank)
        next += 1
        return next - 1 - start
    }

    /// Takes the elements of `other`, a later run of the same buffer, in behind this run's
    /// (moved down when slots lie between them); `other` is left empty.
    public mutating func take(moving other: inout InPlaceSlots<Element>) {
        precondition(other.base == base && other.start >= next, "the runs are not of one buffer, the later behind")
        let count = other.count
        if other.start != next { (base + next).moveInitialize(from: base + other.start, count: count) }
        next += count
        other.next = other.start
        populatedUntil = next
    }

    /// Destroys the elements appended (the slots are free again).
    public mutating func removeAll() {
        (base + start).deinitialize(count: count)
        next = start
    }

    /// The room from the next slot to the end of the room lent (for ``PagesAside``).
    public func roomAhead() -> PagesAside.Room {
        let stride = MemoryLayout<Element>.stride
        return (UInt(bitPattern: UnsafeMutableRawPointer(base + next)), (end - next) * stride)
    }

    /// Asks for the memory of the next ``populateCount`` slots (see ``InPlaceArrayBuilder``).
    @usableFromInline
    mutating func populateAhead() {
        let until = min(end, next + Self.populateCount)
        populatedUntil = until
        InPlaceArrayBuilder<Element>.populate(UnsafeMutableRawPointer(base), from: next, until: until)
    }
}
