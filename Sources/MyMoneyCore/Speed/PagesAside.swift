import Foundation

/// The memory of a reader's large arrays asked for on another core while the reader fills them.
///
/// A large array's first write to each 4 kB page is a page fault in which the kernel clears the
/// page; on a million-row CSV (200 MB of transactions, 88 MB of running balances) those faults
/// were a sixth of the reading thread's time, while the other core sat idle (one file is read on
/// one core). ``start(_:)`` asks for the named room (`MADV_POPULATE_WRITE`, Linux 5.14) in slices
/// on a thread of its own, every room a slice at a time so that the arrays filled side by side are
/// populated side by side; the reader's own page faults (or ``InPlaceArrayBuilder``'s requests
/// ahead) find the pages there and cost next to nothing.
///
/// A hint: the contents of the memory never change, only when its pages are made. Only room the
/// caller is about to fill is named (a CSV's rows are counted before they are read), so the memory
/// is what the arrays would take anyway. ``wait()`` before the arrays' storage may go away or move.
/// Where it is unsupported, nothing happens.
///
/// Access: SPI (`@_spi(Speed) import MyMoneyCore`).
@_spi(Speed) public final class PagesAside: @unchecked Sendable {
    /// A room of memory: its first byte and its length.
    public typealias Room = (start: UInt, bytes: Int)

    /// The least room worth a thread.
    public static var leastBytes: Int { 8 << 20 }
    static let slices = 64

    private let done = DispatchGroup()

    private init() {}

    /// Starts asking for `rooms` on another thread; nil when together they are too small to be worth it.
    public static func start(_ rooms: [Room]) -> PagesAside? {
        #if os(Linux)
        let rooms = rooms.filter { $0.bytes > 0 }
        guard rooms.reduce(0, { $0 + $1.bytes }) >= leastBytes else { return nil }
        let aside = PagesAside()
        aside.done.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            populate(rooms)
            aside.done.leave()
        }
        return aside
        #else
        return nil
        #endif
    }

    /// The room for the elements from `index` to the array's capacity.
    public static func room<Element>(of array: inout [Element], from index: Int) -> Room {
        let stride = MemoryLayout<Element>.stride
        let capacity = array.capacity
        guard capacity > index else { return (0, 0) }
        return array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return (0, 0) }
            let address = UInt(bitPattern: UnsafeMutableRawPointer(base))
            return (address + UInt(index * stride), (capacity - index) * stride)
        }
    }

    /// Returns once every room was asked for.
    public func wait() {
        done.wait()
    }

    private static func populate(_ rooms: [Room]) {
        #if os(Linux)
        let page: UInt = 4096
        // Whole pages inside each room, in slices of whole pages.
        let spans = rooms.map { room -> (first: UInt, pages: UInt) in
            let first = (room.start + page - 1) & ~(page - 1)
            let end = (room.start + UInt(room.bytes)) & ~(page - 1)
            return (first, end > first ? (end - first) / page : 0)
        }
        for slice in 0..<UInt(slices) {
            for span in spans {
                let from = span.pages * slice / UInt(slices), to = span.pages * (slice + 1) / UInt(slices)
                guard to > from, let pointer = UnsafeMutableRawPointer(bitPattern: span.first + from * page) else { continue }
                _ = madvise(pointer, Int((to - from) * page), 23)   // MADV_POPULATE_WRITE
            }
        }
        #endif
    }
}
