import MotionDevices
import Platform

/// Makes something that needs a wake-up descriptor (a stop signal, the motion feed), or says the one message for a
/// process out of descriptors (bad input's exit status: the machine's state, not the command line).
func withWakeUp<T>(_ make: () throws(SystemCallError) -> T) throws -> T {
    do throws(SystemCallError) { return try make() } catch {
        throw InputError("cannot make a wake-up descriptor (\(error)): too many open files?")
    }
}
