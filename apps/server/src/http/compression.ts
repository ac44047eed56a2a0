import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers of 1 KB and more (JSON, `index.html`, the docs and sandbox pages) go brotli or gzip
 * compressed to a client that accepts it, on the fly, at brotli's fast default quality; files the
 * build compressed already (`spa.ts`) pass through untouched. Request bodies are never inflated:
 * webhook signatures are checked over the bytes as sent.
 */
export const registerCompression = async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
};
