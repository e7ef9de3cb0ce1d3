import Platform

/// One kind of live motion input, read by `LiveSourceDriver`: an evdev node (`EvdevSource`), an IIO sensor read
/// buffered or polled (`IIOSource`); another kind (two nodes fused into one stream) is one more conformance. The
/// driver owns the loop — the wait on the stop signal, the hot-plug folder and the source's descriptors, ticks,
/// the loss and the search for the device — and every decision is the `LiveSession`'s. A source only opens, says
/// what to wait on, reads into the session and closes.
public protocol LiveSource: AnyObject {
    /// How many descriptors it may ask to be polled at once (its slots in the driver's poll set).
    static var descriptorSlots: Int { get }
    /// The device as the source knows it (after `open`, with what opening taught: an IIO sensor's axes).
    var device: DiscoveredDevice { get }
    /// The folder whose nodes coming and going tell of the device, and the prefix of the node names that count.
    var hotplugFolder: (directory: String, prefix: String) { get }

    /// Opens the device at the start; throws when it cannot be opened.
    func open() throws(DeviceError) -> LiveOpening
    /// Before each wait: its descriptors into `ready`'s slots `first ..< first + descriptorSlots` (nil: none), and
    /// how long it may wait at most (nil: as long as the session allows).
    func prepare(_ ready: inout PollSet, from first: Int) -> Int32?
    /// After every wait, also when nothing is ready (periodic work goes here: a polled sensor's next read, a
    /// second node looked for again): reads what is ready or due into `session`. Throws when a recording cannot be
    /// written.
    func read(_ ready: PollSet, from first: Int, into session: inout LiveSession, recorder: (any TraceRecording)?,
              at now: MonoInstant, handler: (LiveEvent) -> Void) throws(DeviceError) -> LiveRead
    /// A change in the hot-plug folder, for the session as it knows the device (the default hands it on as it
    /// is; a sensor whose other part has a node of its own maps it, or takes a node that belongs to it).
    func hotplug(_ change: LiveSession.Change, into session: inout LiveSession, recorder: (any TraceRecording)?,
                 at now: MonoInstant, handler: (LiveEvent) -> Void)
    /// Lets go of what it opened (and puts back what it changed). `lost`: the device went away (not the run's
    /// end). Again is nothing.
    func close(lost: Bool)
    /// The device is lost: look for it and hand what it opened to `session.connect`. `hotplugged`: the folder
    /// changed in this turn.
    func reconnect(_ session: inout LiveSession, hotplugged: Bool, handler: (LiveEvent) -> Void)
}

/// A source made for one discovered device (every kind Kape has): its driver is made from the device alone.
public protocol DeviceLiveSource: LiveSource {
    init(device: DiscoveredDevice, options: LiveOptions)
}

extension LiveSourceDriver where Source: DeviceLiveSource {
    public convenience init(device: DiscoveredDevice, options: LiveOptions = LiveOptions()) {
        self.init(source: Source(device: device, options: options), options: options)
    }
}

extension LiveSource {
    public func hotplug(_ change: LiveSession.Change, into session: inout LiveSession, recorder: (any TraceRecording)?,
                        at now: MonoInstant, handler: (LiveEvent) -> Void) {
        session.hotplug(change, at: now, emit: handler)
    }
}

/// What an open gave the session.
public struct LiveOpening: Sendable {
    public var node: OpenedNode
    /// When it was opened (the node's open sample is stamped then).
    public var at: MonoInstant
    public var notes: [String]

    public init(node: OpenedNode, at: MonoInstant, notes: [String] = []) {
        self.node = node
        self.at = at
        self.notes = notes
    }
}

/// What a source's read came to.
public enum LiveRead: Sendable, Equatable {
    /// Nothing was ready: time passed for the detector.
    case idle
    /// Input came.
    case fresh
    /// The device failed or went away.
    case gone
}
