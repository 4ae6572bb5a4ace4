package lisp

// entryChunks holds a hash table's entries in insertion order, in chunks
// that never move once full. One flat slice was copied whole at every
// doubling, under the collector's write barriers: a fifth of filling a
// 200,000-entry table.
type entryChunks struct {
	chunks [][]htEntry
	n      int32
}

// chunkBits sets the chunk size: 1,024 entries, 32 KB. The first chunk
// starts small and grows by append, so a small table stays small.
const (
	chunkBits = 10
	chunkSize = 1 << chunkBits
)

// at returns entry i, which must be below n.
func (c *entryChunks) at(i int32) *htEntry {
	return &c.chunks[i>>chunkBits][i&(chunkSize-1)]
}

// add appends e and returns its index.
func (c *entryChunks) add(e htEntry) int32 {
	i := c.n
	k := int(i >> chunkBits)
	if k == len(c.chunks) {
		size := chunkSize
		if k == 0 {
			size = 4
		}
		c.chunks = append(c.chunks, make([]htEntry, 0, size))
	}
	c.chunks[k] = append(c.chunks[k], e)
	c.n++
	return i
}
