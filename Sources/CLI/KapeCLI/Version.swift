/// What `kape --version` prints; raised with each release.
let kapeVersion = "0.9.0"
