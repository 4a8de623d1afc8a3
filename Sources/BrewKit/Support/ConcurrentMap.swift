import Foundation

/// Runs `body` for every index on all cores and returns the results in index order.
/// Each slot of the buffer is written by exactly one iteration, so no two threads touch the same memory.
public func concurrentMap<Element: Sendable, Result>(_ elements: [Element], _ body: @Sendable (Element) -> Result) -> [Result] {
    if elements.count < 2 { return elements.map(body) }
    let buffer = UnsafeMutableBufferPointer<Result>.allocate(capacity: elements.count)
    nonisolated(unsafe) let slots = buffer
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
        (slots.baseAddress! + index).initialize(to: body(elements[index]))
    }
    let results = Array(buffer)
    buffer.baseAddress!.deinitialize(count: elements.count)
    buffer.deallocate()
    return results
}
