import Foundation

/// An array filled in place, for a reader's large results (a million transactions): each element
/// is appended as a blank value and set through scoped `inout` access (``appendBlank(_:)``, or
/// ``appendBlank()`` and the subscript's in-place access, `fill(&builder[i], …)`), so
/// a large element (a transaction of 200 bytes holding a dozen references) is never built
/// elsewhere, copied in and destroyed, every reference retained and released on the way.
///
/// The builder owns the array's storage policy, so readers carry none of their own:
/// - **Room ahead**: ``reserve(additional:)`` reserves room for an estimate (a block's count from
///   a first pass, the transactions the rest of a file can hold), growing geometrically so that
///   many small reservations stay linear; an append beyond the room doubles it.
/// - **Memory ahead** (Linux): once at least 1 MB of reserved room lies ahead, the next 16,384
///   elements' pages are asked for in one call (`MADV_POPULATE_WRITE`) instead of one page fault
///   per 4 kB page as they are written (a fifth of a large QIF read went to those faults). Only
///   room the array already holds and is about to fill is named, so an estimate that is too
///   large costs address space, not memory. A hint: where it is unsupported only the time differs.
/// - **Room given back**: ``finish()`` hands the elements over in an array of exactly their count
///   when the room is far larger (more than four times the count plus 4,096 elements).
///
/// Safe to use: the one unsafe step (naming the pages to the kernel) is inside. Not thread-safe
/// (a value type; one builder per result).
///
/// Access: SPI (`@_spi(Speed) import MyMoneyCore`), not public API. It is `public` only so that
/// the readers' modules can specialize and inline it: `package` declarations, even `@inlinable`
/// ones, are not inlined across modules by Swift 6.3 (measured: generic calls with a runtime type
/// lookup per value made the QIF read half as fast again).
///
/// - Complexity: amortized O(1) per append.
@_spi(Speed) public struct InPlaceArrayBuilder<Element> {
    @usableFromInline var elements: [Element] = []
    /// Elements below this index lie in memory already asked for.
    @usableFromInline var populatedUntil = 0
    @usableFromInline let blank: Element

    /// Elements populated ahead at a time, and the least room worth a call.
    public static var populateCount: Int { 16_384 }
    public static var populateBytes: Int { 1 << 20 }

    /// An empty builder whose appended elements start as `blank`.
    public init(blank: Element) {
        self.blank = blank
    }

    /// The elements appended so far.
    public var count: Int { elements.count }
    /// The room the array holds.
    public var capacity: Int { elements.capacity }
    public var isEmpty: Bool { elements.isEmpty }

    /// The element at `index`, read, or set in place (`fill(&builder[index], …)` touches only
    /// that element: no copy of it is made and none destroyed).
    @inlinable
    public subscript(index: Int) -> Element {
        get { elements[index] }
        _modify { yield &elements[index] }
    }

    /// The last element, if any.
    public var last: Element? { elements.last }

    /// Makes room for `additional` more elements: at least that many, and at least twice the
    /// current room when it must grow.
    public mutating func reserve(additional: Int) {
        let needed = elements.count + max(0, additional)
        let room = elements.capacity
        guard needed > room else { return }
        elements.reserveCapacity(max(needed, room * 2))
        populatedUntil = 0   // the storage has moved
    }

    /// Appends a blank element and hands it to `fill`, in place; returns what `fill` returns.
    @inlinable
    public mutating func appendBlank<R>(_ fill: (inout Element) throws -> R) rethrows -> R {
        let index = elements.count
        if index == elements.capacity { reserve(additional: 1) }
        if index >= populatedUntil { populateAhead(from: index) }
        elements.append(blank)
        return try fill(&elements[index])
    }

    /// Appends a blank element and returns its index, for setting it in place through the
    /// subscript. (A call with the values as `consuming` arguments moves them in; a closure
    /// capturing them would copy each one and release it again.)
    @inlinable
    public mutating func appendBlank() -> Int {
        let index = elements.count
        if index == elements.capacity { reserve(additional: 1) }
        if index >= populatedUntil { populateAhead(from: index) }
        elements.append(blank)
        return index
    }

    /// Appends a finished element (moved in, not copied).
    @inlinable
    public mutating func append(_ element: consuming Element) {
        let index = elements.count
        if index == elements.capacity { reserve(additional: 1) }
        if index >= populatedUntil { populateAhead(from: index) }
        elements.append(element)
    }

    /// Removes every element (keeping the room).
    public mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
        populatedUntil = 0
    }

    /// The elements, in an array of exactly their count when the room is far larger; the builder
    /// is left empty.
    public mutating func finish() -> [Element] {
        var done: [Element] = []
        swap(&done, &elements)
        populatedUntil = 0
        return Self.givingBackRoom(done)
    }

    /// `elements` in an array of exactly their count when their room is far larger (more than
    /// four times the count plus 4,096 elements), else as they are.
    public static func givingBackRoom(_ elements: [Element]) -> [Element] {
        let count = elements.count
        guard elements.capacity > 4 * count + 4096 else { return elements }
        var exact: [Element] = []
        exact.reserveCapacity(count)
        exact.append(contentsOf: elements)
        return exact
    }

    /// Asks for the memory of the next ``populateCount`` elements' room (see the type's notes).
    @usableFromInline
    mutating func populateAhead(from index: Int) {
        let until = min(elements.capacity, index + Self.populateCount)
        populatedUntil = until
        let from = max(index, elements.count)
        elements.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            Self.populate(UnsafeMutableRawPointer(base), from: from, until: until)
        }
    }

    /// Asks for the whole pages of the elements `from..<until` of the storage at `base`, when they
    /// span at least ``populateBytes`` (small arrays fault a few pages only). Linux only: a hint.
    @usableFromInline
    static func populate(_ base: UnsafeMutableRawPointer, from: Int, until: Int) {
        #if os(Linux)
        let stride = MemoryLayout<Element>.stride
        guard (until - from) * stride >= populateBytes else { return }
        let page: UInt = 4096
        let address = UInt(bitPattern: base)
        let start = (address + UInt(from * stride) + page - 1) & ~(page - 1)
        let end = (address + UInt(until * stride)) & ~(page - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, Int(end - start), 23)   // MADV_POPULATE_WRITE (Linux 5.14)
        #endif
    }
}
