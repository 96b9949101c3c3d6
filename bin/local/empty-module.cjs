// Stands in for firebase 8 products the local Realtime Database emulator never uses (see emulators.ts).
module.exports = {};
