/// Values a command has finished with but does not free: the process's memory goes back to the
/// kernel at exit in one go, while freeing a journal read whole (100,000 logs, each a few
/// strings and a list of field places) one object at a time took a tenth of `check`. The same
/// trade as a compiler's `-disable-free`. Only for what a command holds until it ends.
enum KeptUntilExit {
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Box(value))
    }
}
