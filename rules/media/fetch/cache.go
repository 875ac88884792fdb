package fetch

import (
	"container/list"
	"sync"

	"github.com/postrules/postrules/rules/media"
)

// entry is one URL's facts with the validators its server sent for them.
type entry struct {
	facts        media.Facts
	etag         string
	lastModified string
}

// cache keeps the facts of at most max URLs, dropping the least recently used. It is safe
// for concurrent use; every operation is O(1).
type cache struct {
	mu    sync.Mutex
	max   int
	order *list.List // front: most recently used; values are *item
	byURL map[string]*list.Element
}

type item struct {
	url string
	e   *entry
}

func newCache(max int) *cache {
	return &cache{max: max, order: list.New(), byURL: map[string]*list.Element{}}
}

// get returns the entry of url, or nil. The entry is never modified after put, so the
// caller may read it without the lock.
func (c *cache) get(url string) *entry {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byURL[url]
	if !ok {
		return nil
	}
	c.order.MoveToFront(el)
	return el.Value.(*item).e
}

// put stores e for url, replacing what was there.
func (c *cache) put(url string, e *entry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byURL[url]; ok {
		el.Value.(*item).e = e
		c.order.MoveToFront(el)
		return
	}
	c.byURL[url] = c.order.PushFront(&item{url: url, e: e})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byURL, last.Value.(*item).url)
	}
}

// len is the number of entries (tests).
func (c *cache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
