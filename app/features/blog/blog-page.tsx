import { BlogIndex } from './blog-index';

export function BlogPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Blog</h1>
      <p className="mt-3 text-lg text-slate-600">
        Guides, tutorials and news about image sizes for social and store platforms.
      </p>
      <div className="mt-10">
        <BlogIndex />
      </div>
    </main>
  );
}
