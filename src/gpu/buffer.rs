//! Typed device-local buffers with staging upload and read-back.
use super::context::{Context, Inner};
use super::error::{Error, Result};
use ash::vk;
use gpu_allocator::vulkan::{Allocation, AllocationCreateDesc, AllocationScheme};
use gpu_allocator::MemoryLocation;
use std::marker::PhantomData;
use std::sync::Arc;

/// A raw buffer plus its allocation; freed on drop.
pub(crate) struct RawBuffer {
    pub inner: Arc<Inner>,
    pub raw: vk::Buffer,
    pub alloc: Option<Allocation>,
    pub bytes: u64,
}

impl RawBuffer {
    pub fn new(ctx: &Context, bytes: u64, usage: vk::BufferUsageFlags, location: MemoryLocation, name: &str) -> Result<RawBuffer> {
        let inner = ctx.inner.clone();
        // Vulkan forbids zero-sized buffers; an empty one still gets 16 bytes.
        let size = bytes.max(16);
        let info = vk::BufferCreateInfo::default().size(size).usage(usage).sharing_mode(vk::SharingMode::EXCLUSIVE);
        let raw = unsafe { inner.device.create_buffer(&info, None) }.map_err(Error::vk("vkCreateBuffer"))?;
        let req = unsafe { inner.device.get_buffer_memory_requirements(raw) };
        let alloc = {
            let mut guard = inner.allocator.lock().map_err(|_| Error::invalid("allocator poisoned"))?;
            let allocator = guard.as_mut().ok_or_else(|| Error::invalid("context is shutting down"))?;
            allocator.allocate(&AllocationCreateDesc {
                name,
                requirements: req,
                location,
                linear: true,
                allocation_scheme: AllocationScheme::GpuAllocatorManaged,
            })
        };
        let alloc = match alloc {
            Ok(a) => a,
            Err(e) => {
                unsafe { inner.device.destroy_buffer(raw, None) };
                let e: Error = e.into();
                return Err(match e {
                    Error::OutOfMemory(m) => Error::OutOfMemory(format!("{m} ({name}: {bytes} bytes)")),
                    other => other,
                });
            }
        };
        if let Err(e) = unsafe { inner.device.bind_buffer_memory(raw, alloc.memory(), alloc.offset()) } {
            let mut guard = inner.allocator.lock().map_err(|_| Error::invalid("allocator poisoned"))?;
            if let Some(a) = guard.as_mut() {
                let _ = a.free(alloc);
            }
            unsafe { inner.device.destroy_buffer(raw, None) };
            return Err(Error::vk("vkBindBufferMemory")(e));
        }
        Ok(RawBuffer { inner, raw, alloc: Some(alloc), bytes })
    }

    pub fn mapped(&mut self) -> Result<&mut [u8]> {
        let bytes = self.bytes as usize;
        let alloc = self.alloc.as_mut().ok_or_else(|| Error::invalid("buffer has no memory"))?;
        let slice = alloc.mapped_slice_mut().ok_or_else(|| Error::invalid("buffer is not host-visible"))?;
        Ok(&mut slice[..bytes])
    }
}

impl Drop for RawBuffer {
    fn drop(&mut self) {
        if self.inner.abandoned() {
            return; // timed-out work may still use it
        }
        if let Some(alloc) = self.alloc.take() {
            if let Ok(mut guard) = self.inner.allocator.lock() {
                if let Some(a) = guard.as_mut() {
                    let _ = a.free(alloc);
                }
            }
        }
        unsafe { self.inner.device.destroy_buffer(self.raw, None) };
    }
}

/// The largest staging buffer a context keeps; larger transfers go through it in chunks.
pub(crate) const STAGING_CHUNK: u64 = 64 << 20;

#[derive(Clone, Copy)]
pub(crate) enum Direction {
    Up,
    Down,
}

/// Host-visible staging for `Context::upload` and `Context::read_range`: one buffer each way,
/// made on first use (sized to the transfer, rounded up to a power of two, at most
/// `STAGING_CHUNK`) and kept by the context. Why: an upload of n bytes no longer needs n bytes of
/// host-visible memory made and freed each time (a 1 GiB input took a 1 GiB staging buffer).
/// (It was first tried against a slowdown of later variants in one process on the H200; it did
/// not cure that, a fresh device per variant did: see docs/PERFORMANCE.md.)
#[derive(Default)]
pub(crate) struct Staging {
    up: Option<RawBuffer>,
    down: Option<RawBuffer>,
}

impl Staging {
    pub(crate) fn get(&mut self, ctx: &Context, dir: Direction, bytes: u64) -> Result<&mut RawBuffer> {
        let want = bytes.next_power_of_two().clamp(4096, STAGING_CHUNK);
        let (slot, usage, location, name) = match dir {
            Direction::Up => (&mut self.up, vk::BufferUsageFlags::TRANSFER_SRC, MemoryLocation::CpuToGpu, "staging upload"),
            Direction::Down => (&mut self.down, vk::BufferUsageFlags::TRANSFER_DST, MemoryLocation::GpuToCpu, "staging read-back"),
        };
        if slot.as_ref().map_or(true, |b| b.bytes < want) {
            *slot = None; // free the smaller one first
            *slot = Some(RawBuffer::new(ctx, want, usage, location, name)?);
        }
        Ok(slot.as_mut().expect("just made"))
    }
}

/// A device-local storage buffer of `len` elements of `T`.
pub struct Buffer<T: bytemuck::Pod> {
    pub(crate) raw: RawBuffer,
    len: usize,
    _t: PhantomData<T>,
}

pub(crate) const STORAGE_USAGE: vk::BufferUsageFlags = vk::BufferUsageFlags::from_raw(
    vk::BufferUsageFlags::STORAGE_BUFFER.as_raw()
        | vk::BufferUsageFlags::TRANSFER_SRC.as_raw()
        | vk::BufferUsageFlags::TRANSFER_DST.as_raw()
        | vk::BufferUsageFlags::INDIRECT_BUFFER.as_raw(),
);

impl<T: bytemuck::Pod> Buffer<T> {
    /// An uninitialised device-local buffer (fill or write it before reading).
    pub fn new(ctx: &Context, len: usize, name: &str) -> Result<Self> {
        let bytes = (len as u64)
            .checked_mul(std::mem::size_of::<T>() as u64)
            .ok_or_else(|| Error::invalid(format!("{name}: {len} elements overflow")))?;
        let raw = RawBuffer::new(ctx, bytes, STORAGE_USAGE, MemoryLocation::GpuOnly, name)?;
        Ok(Buffer { raw, len, _t: PhantomData })
    }

    /// A device-local buffer holding `data` (uploaded through a staging buffer, waited for).
    pub fn from_slice(ctx: &Context, data: &[T], name: &str) -> Result<Self> {
        let buf = Self::new(ctx, data.len(), name)?;
        ctx.upload(&buf, 0, data)?;
        Ok(buf)
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether it has no elements.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Size of its elements in bytes, `len() * size_of::<T>()`.
    pub fn bytes(&self) -> u64 {
        self.raw.bytes
    }
    /// The buffer, for raw Vulkan calls.
    pub fn raw(&self) -> vk::Buffer {
        self.raw.raw
    }
    /// Binds the whole buffer, or its first `maxStorageBufferRange` bytes where it is longer (a
    /// binding may not reach further; the ops split longer inputs into ranges of their own).
    pub fn bind(&self) -> super::Bind {
        let limit = self.raw.inner.info.max_storage_buffer_range / 4 * 4;
        super::Bind::Buffer { buffer: self.raw.raw, offset: 0, range: self.raw.bytes.max(16).min(limit.max(16)) }
    }
    /// Binds the elements `start..end` (offset must meet minStorageBufferOffsetAlignment). A
    /// binding cannot be empty: an empty range (`end <= start`) binds the buffer's first 4 bytes,
    /// which the kernel is not to read.
    pub fn bind_range(&self, start: usize, end: usize) -> super::Bind {
        let s = std::mem::size_of::<T>() as u64;
        if end <= start {
            return super::Bind::Buffer { buffer: self.raw.raw, offset: 0, range: 4 };
        }
        super::Bind::Buffer { buffer: self.raw.raw, offset: start as u64 * s, range: ((end - start) as u64 * s).max(4) }
    }
}

impl Context {
    /// Copies `data` into `buf` at element `offset` through a staging buffer, and waits.
    pub fn upload<T: bytemuck::Pod>(&self, buf: &Buffer<T>, offset: usize, data: &[T]) -> Result<()> {
        if data.is_empty() {
            return Ok(());
        }
        if offset.checked_add(data.len()).map_or(true, |end| end > buf.len()) {
            return Err(Error::invalid(format!("upload of {} elements at {offset} into a buffer of {}", data.len(), buf.len())));
        }
        let bytes: &[u8] = bytemuck::cast_slice(data);
        let dst_offset = (offset * std::mem::size_of::<T>()) as u64;
        let mut guard = self.staging.lock().map_err(|_| Error::invalid("staging poisoned"))?;
        let staging = guard.get(self, Direction::Up, bytes.len() as u64)?;
        let chunk = staging.bytes as usize;
        for (i, part) in bytes.chunks(chunk).enumerate() {
            staging.mapped()?[..part.len()].copy_from_slice(part);
            let src = staging.raw;
            self.submit(|rec| {
                rec.copy_buffer_raw(src, 0, buf.raw(), dst_offset + (i * chunk) as u64, part.len() as u64);
                rec.barrier(super::Sync::TransferToAll);
                Ok(())
            })?;
        }
        Ok(())
    }

    /// Reads the whole buffer back (waits for the device).
    pub fn read<T: bytemuck::Pod>(&self, buf: &Buffer<T>) -> Result<Vec<T>> {
        self.read_range(buf, 0, buf.len())
    }

    /// Reads elements `start..end` back.
    pub fn read_range<T: bytemuck::Pod>(&self, buf: &Buffer<T>, start: usize, end: usize) -> Result<Vec<T>> {
        if start > end || end > buf.len() {
            return Err(Error::invalid(format!("read of {start}..{end} from a buffer of {}", buf.len())));
        }
        let n = end - start;
        if n == 0 {
            return Ok(Vec::new());
        }
        let s = std::mem::size_of::<T>();
        let bytes = (n * s) as u64;
        let mut out = vec![T::zeroed(); n];
        let out_bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut out);
        let mut guard = self.staging.lock().map_err(|_| Error::invalid("staging poisoned"))?;
        let staging = guard.get(self, Direction::Down, bytes)?;
        let chunk = staging.bytes as usize;
        for (i, part) in out_bytes.chunks_mut(chunk).enumerate() {
            let dst = staging.raw;
            self.submit(|rec| {
                rec.barrier(super::Sync::AllToTransfer);
                rec.copy_buffer_raw(buf.raw(), (start * s + i * chunk) as u64, dst, 0, part.len() as u64);
                rec.barrier(super::Sync::TransferToHost);
                Ok(())
            })?;
            part.copy_from_slice(&staging.mapped()?[..part.len()]);
        }
        Ok(out)
    }
}
