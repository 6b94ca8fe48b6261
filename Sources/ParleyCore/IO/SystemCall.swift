#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `write(2)` and `close(2)` under names that methods called `write` and `close` (on the plugins'
/// own file and console writers) do not hide.
package enum SystemCall {
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #elseif canImport(Darwin)
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    package static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.close(descriptor)
        #elseif canImport(Darwin)
            Darwin.close(descriptor)
        #endif
    }
}
