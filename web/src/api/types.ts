// The shapes of the API's answers (spec section 3, decisions.md §3).

export interface ApiErrorBody {
  message: string;
  errors: string[];
}

export interface Department {
  id: number;
  name: string;
  url: string;
}

export interface ProductCard {
  id: number;
  departmentId: number;
  name: string;
  brand: string;
  price: number;
  previewImage: string;
  avgRating: number;
  numReviews: number;
}

export interface DepartmentWithProducts extends Department {
  Products: ProductCard[];
}

export interface ProductImage {
  id: number;
  url: string;
  background: string;
}

export interface Product extends ProductCard {
  description: string;
  Department: { id: number; name: string };
  ProductImages: ProductImage[];
}

export interface Review {
  id: number;
  userId: number;
  productId: number;
  rating: number;
  title: string;
  description: string;
  createdAt: string;
  User: { firstName: string; lastName: string; url: string };
  Product: { id: number; departmentId: number; name: string; previewImage: string };
}
