/// Where the preview server listens, told to whoever asks as soon as it is
/// known: the bound port once `run()` listens, or the reason it is not.
actor ListeningState {
    private enum Phase {
        /// `run()` has not bound the port yet.
        case starting
        case listening(port: UInt16)
        /// `run()` failed or stopped; asking again throws this.
        case stopped(any Error)
    }

    private var phase = Phase.starting
    /// The addresses bound, as `address:port`, once listening.
    private(set) var addresses: [String] = []

    /// The bound port, or nil while starting or after stopping.
    var knownPort: UInt16? {
        if case .listening(let port) = phase { return port }
        return nil
    }
    private var waitersByNumber: [Int: CheckedContinuation<UInt16, any Error>] = [:]
    private var nextWaiter = 0

    /// The bound port, waiting while the server is starting; throws if it
    /// stopped or failed, or if the waiting task is cancelled.
    func port() async throws -> UInt16 {
        switch phase {
        case .listening(let port): return port
        case .stopped(let error): throw error
        case .starting: break
        }
        let waiter = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waitersByNumber[waiter] = continuation
                }
            }
        } onCancel: {
            Task { await self.resume(waiter, with: .failure(CancellationError())) }
        }
    }

    /// `run()` has started (again): ask anew.
    func starting() {
        phase = .starting
    }

    func listening(on port: UInt16, addresses: [String] = []) {
        phase = .listening(port: port)
        self.addresses = addresses
        resumeAll(with: .success(port))
    }

    func stopped(because error: any Error) {
        phase = .stopped(error)
        resumeAll(with: .failure(error))
    }

    private func resume(_ waiter: Int, with result: Result<UInt16, any Error>) {
        waitersByNumber.removeValue(forKey: waiter)?.resume(with: result)
    }

    private func resumeAll(with result: Result<UInt16, any Error>) {
        let waiters = waitersByNumber.values
        waitersByNumber.removeAll()
        for waiter in waiters {
            waiter.resume(with: result)
        }
    }
}
