@testable import BrewServe
import Foundation

/// Runs a preview server on a port the system picks for the duration of
/// `body`, then stops it (waiting until `run()` returns) and removes the site.
func withPreviewServer(
    heartbeatInterval: Duration = .seconds(15),
    limits: RequestLimits = .standard,
    _ body: (_ server: PreviewServer, _ port: UInt16, _ site: TestSite) async throws -> Void
) async throws {
    let site = try TestSite()
    defer { site.remove() }
    let server = PreviewServer(siteDirectory: site.siteDirectory.path, port: 0, heartbeatInterval: heartbeatInterval, limits: limits)
    let serving = Task { try await server.run() }
    let outcome: Result<Void, any Error>
    do {
        let port = try await server.boundPort
        try await body(server, port, site)
        outcome = .success(())
    } catch {
        outcome = .failure(error)
    }
    serving.cancel()
    try await serving.value
    try outcome.get()
}
