import Foundation

/// The URL a server bound, once it has: tells a failure to start listening (a port in use) from
/// a failure later on.
actor BoundAddress {
    private(set) var url: URL?

    func set(_ url: URL) {
        self.url = url
    }
}
